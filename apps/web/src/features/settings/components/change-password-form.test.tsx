import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const changePassword = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/account', () => ({ changePassword }));

const { ChangePasswordForm } = await import('./change-password-form');

afterEach(() => vi.clearAllMocks());

async function submit(): Promise<void> {
  const user = userEvent.setup();
  render(<ChangePasswordForm />);
  await user.type(screen.getByLabelText('Current Password'), 'old-password');
  await user.type(screen.getByLabelText('New Password'), 'new-password');
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password updated', { description: 'Your password has been changed successfully' }));
}

describe('ChangePasswordForm', () => {
  it('says the API keys are revoked with the password, sends the change, then clears the form', async () => {
    changePassword.mockResolvedValue(undefined);
    await submit();
    expect(screen.getByText(/signed out and your API keys revoked/)).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: 'old-password', newPassword: 'new-password' });
    expect((screen.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });
});
