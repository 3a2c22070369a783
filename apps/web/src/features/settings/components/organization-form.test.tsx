import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TOrganizationResponse } from '@provenance/contracts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
const api = vi.hoisted(() => ({ organization: vi.fn(), update: vi.fn(), requestConfirmation: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/signing-identities', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/signing-identities')>();
  return {
    ...original,
    organizationQuery: (userId: string) => ({ queryKey: original.signingIdentityKeys.organization(userId), queryFn: api.organization }),
    updateOrganization: api.update,
    requestOrganizationConfirmation: api.requestConfirmation,
  };
});

const { OrganizationForm } = await import('./organization-form');

const declared: TOrganizationResponse = { name: 'Reuters', isSet: true, domain: 'reuters.com', verified: false, verifiedEmail: null, verifiedAt: null };

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrganizationForm userId="user-1" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('OrganizationForm', () => {
  it('says a name is self-declared and sends a confirmation to the address given at its domain', async () => {
    api.organization.mockResolvedValue(declared);
    api.requestConfirmation.mockResolvedValue({ sentTo: 'desk@reuters.com', expiresAt: '2026-11-28T12:00:00.000Z' });
    const user = userEvent.setup();
    renderForm();
    const state = await screen.findByTestId('organization-verification');
    expect(state.textContent).toContain('Self-declared, not verified');
    expect(state.textContent).toContain('Reuters (self-declared, not verified)');
    expect((screen.getByLabelText('Organization domain (optional)') as HTMLInputElement).value).toBe('reuters.com');
    await user.type(within(state).getByLabelText('An address at reuters.com'), 'desk@reuters.com');
    await user.click(within(state).getByRole('button', { name: 'Send Confirmation' }));
    await waitFor(() => expect(api.requestConfirmation.mock.calls[0]?.[0]).toBe('desk@reuters.com'));
    expect(toast.success).toHaveBeenCalledWith('Confirmation sent', expect.objectContaining({ description: expect.stringContaining('desk@reuters.com') }));
  });

  it('shows a verified name as verified, by the address that confirmed it, with nothing to send', async () => {
    api.organization.mockResolvedValue({ ...declared, verified: true, verifiedEmail: 'desk@reuters.com', verifiedAt: '2026-11-27T12:00:00.000Z' });
    renderForm();
    const state = await screen.findByTestId('organization-verification');
    expect(state.textContent).toContain('Verified');
    expect(state.textContent).toContain('Confirmed by desk@reuters.com');
    expect(state.textContent).toContain('Reuters (verified at reuters.com)');
    expect(within(state).queryByRole('button', { name: 'Send Confirmation' })).toBeNull();
  });

  it('saves the name with its domain', async () => {
    api.organization.mockResolvedValue({ name: null, isSet: false, domain: null, verified: false, verifiedEmail: null, verifiedAt: null });
    api.update.mockResolvedValue(declared);
    const user = userEvent.setup();
    renderForm();
    await waitFor(() => expect(api.organization).toHaveBeenCalled());
    // No name yet: the field is empty, and nothing (such as the account's email) stands in for it.
    const field = screen.getByLabelText('Organization name');
    expect(field).toHaveProperty('value', '');
    expect(field.getAttribute('placeholder')).toBeNull();
    expect(document.getElementById('settings-organization-hint')?.textContent).toContain('Published in every signature you make');
    await user.type(field, 'Reuters');
    await user.type(screen.getByLabelText('Organization domain (optional)'), 'reuters.com');
    await user.click(screen.getByRole('button', { name: 'Save Organization' }));
    await waitFor(() => expect(api.update.mock.calls[0]?.[0]).toEqual({ name: 'Reuters', domain: 'reuters.com' }));
  });
});
