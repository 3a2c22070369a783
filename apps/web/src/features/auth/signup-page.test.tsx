import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@/test/render';
import { SignupPage } from './signup-page';

afterEach(() => vi.unstubAllGlobals());

async function fill(password: string, confirm: string): Promise<void> {
  await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignupPage', () => {
  it('refuses passwords that do not match, before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<SignupPage />, { path: '/signup' });
    await fill('correct horse', 'correct horsf');
    expect(await screen.findByText("Passwords don't match")).toBeTruthy();
    // Said at the field too, which has the focus: a screen reader hears it where it is fixed.
    const confirm = screen.getByLabelText('Confirm Password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please make sure your passwords match');
    expect(document.activeElement).toBe(confirm);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<SignupPage />, { path: '/signup' });
    await fill('abc', 'abc');
    expect((await screen.findAllByText('Password must be at least 6 characters')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Sign up failed').length).toBeGreaterThan(0);
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe('signup-password-error signup-password-hint');
    expect(document.getElementById('signup-password-error')?.textContent).toBe('Password must be at least 6 characters');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says where the confirmation link went, offers to send it again after a minute, and stores no session', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'confirmation_sent' }), { status: 202, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<SignupPage />, { path: '/signup' });
    await fill('correct horse', 'correct horse');
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText('We sent a confirmation link to ada@example.com.')).toBeTruthy();
    const resend = screen.getByRole('button', { name: /^Resend email/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('provenance.session')).toBeNull();
  });

  it('shows the server’s reason when the account cannot be created', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'sign_up_failed', message: 'Unable to create account' } }), { status: 400 })));
    renderAt(<SignupPage />, { path: '/signup' });
    await fill('correct horse', 'correct horse');
    // Toasts of earlier tests may still be leaving, so look for this one's description.
    expect(await screen.findByText('Unable to create account')).toBeTruthy();
    expect(screen.getAllByText('Sign up failed').length).toBeGreaterThan(0);
  });
});
