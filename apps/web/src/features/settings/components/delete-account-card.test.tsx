import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const deleteAccount = vi.hoisted(() => vi.fn());
const clear = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/account', () => ({ deleteAccount }));
vi.mock('@/lib/auth/session', () => ({ sessionStore: { clear } }));

const { DeleteAccountCard } = await import('./delete-account-card');
const { ApiError } = await import('@/lib/http');

function renderCard() {
  const router = createMemoryRouter(
    [
      { path: '/settings', Component: DeleteAccountCard },
      { path: '/', Component: () => <h1>Landing</h1> },
    ],
    { initialEntries: ['/settings'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.clearAllMocks());

describe('DeleteAccountCard', () => {
  it('asks first in an alert dialog that starts on Cancel, and Cancel deletes nothing', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    expect(dialog.textContent).toContain('This action cannot be undone. This will permanently delete your account and all of your data.');
    // Enter straight after opening must not delete anything.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteAccount).not.toHaveBeenCalled();
  });

  it('deletes, says so, goes to the landing page and only then signs out', async () => {
    const user = userEvent.setup();
    deleteAccount.mockResolvedValue(undefined);
    const router = renderCard();
    let pathAtSignOut = '';
    clear.mockImplementation(() => {
      pathAtSignOut = router.state.location.pathname;
    });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Current Password'), 'my-password');
    await user.click(screen.getAllByRole('button', { name: 'Delete Account' }).at(-1)!);
    await waitFor(() => expect(clear).toHaveBeenCalled());
    expect(deleteAccount).toHaveBeenCalledWith('my-password');
    expect(pathAtSignOut).toBe('/');
    expect(toast.success).toHaveBeenCalledWith('Account Deleted', { description: 'Your account has been permanently deleted' });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('heading', { name: 'Landing' })).toBeTruthy();
  });

  it('keeps the account and the session when the deletion fails', async () => {
    const user = userEvent.setup();
    deleteAccount.mockRejectedValue(new Error('offline'));
    const router = renderCard();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Current Password'), 'my-password');
    await user.click(screen.getAllByRole('button', { name: 'Delete Account' }).at(-1)!);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Deletion Failed', { description: 'Please contact support to delete your account' }));
    expect(clear).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('asks for the current password: none sends nothing, a wrong one is said at the field and keeps everything', async () => {
    const user = userEvent.setup();
    deleteAccount.mockRejectedValue(new ApiError(403, 'invalid_current_password', 'Current password is incorrect'));
    const router = renderCard();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
    const password = screen.getByLabelText('Current Password');
    expect(password.getAttribute('type')).toBe('password');
    expect((password as HTMLInputElement).required).toBe(true);

    await user.click(screen.getAllByRole('button', { name: 'Delete Account' }).at(-1)!);
    expect(deleteAccount).not.toHaveBeenCalled();

    await user.type(password, 'not-my-password');
    await user.click(screen.getAllByRole('button', { name: 'Delete Account' }).at(-1)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Current password is incorrect');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toBe(alert.id);
    expect(toast.error).not.toHaveBeenCalled();
    expect(clear).not.toHaveBeenCalled();
    expect(dialog.isConnected).toBe(true);
    expect(router.state.location.pathname).toBe('/settings');
  });
});
