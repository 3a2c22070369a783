import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const changePassword = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/account', () => ({ changePassword }));

const { ChangePasswordForm } = await import('./change-password-form');

afterEach(() => vi.clearAllMocks());

async function submit(revoke: boolean): Promise<void> {
  const user = userEvent.setup();
  render(<ChangePasswordForm />);
  await user.type(screen.getByLabelText('Current Password'), 'old-password');
  await user.type(screen.getByLabelText('New Password'), 'new-password');
  const box = screen.getByRole('checkbox', { name: 'Also revoke my API keys' });
  expect((box as HTMLInputElement).checked).toBe(false);
  if (revoke) await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password updated', { description: 'Your password has been changed successfully' }));
}

describe('ChangePasswordForm', () => {
  it('keeps the API keys unless asked', async () => {
    changePassword.mockResolvedValue(undefined);
    await submit(false);
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-password', newPassword: 'new-password', revokeApiKeys: false });
  });

  it('asks the server to revoke the API keys when the box is ticked, then clears the form', async () => {
    changePassword.mockResolvedValue(undefined);
    await submit(true);
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-password', newPassword: 'new-password', revokeApiKeys: true });
    expect((screen.getByRole('checkbox', { name: 'Also revoke my API keys' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });
});
