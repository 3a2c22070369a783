import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TSigningIdentity } from '@provenance/contracts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
const api = vi.hoisted(() => ({ list: vi.fn(), add: vi.fn(), activate: vi.fn(), revoke: vi.fn(), remove: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
vi.mock('@/lib/api/signing-identities', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/signing-identities')>();
  return {
    ...original,
    signingIdentitiesQuery: (userId: string) => ({ queryKey: original.signingIdentityKeys.list(userId), queryFn: api.list }),
    addSigningIdentity: api.add,
    activateSigningIdentity: api.activate,
    revokeSigningIdentity: api.revoke,
    removeSigningIdentity: api.remove,
  };
});

const { SigningIdentityCard } = await import('./signing-identity-card');
const { ApiError } = await import('@/lib/http');

const managed: TSigningIdentity = {
  id: 'managed-1',
  kind: 'managed',
  active: true,
  subject: 'O=Daily Planet, CN=Daily Planet via Provenance Gateway',
  issuer: 'CN=Provenance Gateway Intermediate CA, O=Provenance Gateway Local PKI',
  notAfter: '2027-11-23T00:00:00.000Z',
  certificateChain: '-----BEGIN CERTIFICATE-----\n...',
  warnings: [],
};
const uploaded: TSigningIdentity = { ...managed, id: 'cert-1', kind: 'certificate', active: false, subject: 'O=C2PA Test Signing Cert, CN=C2PA Signer', issuer: 'CN=Intermediate CA' };

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SigningIdentityCard userId="user-1" />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.clearAllMocks());

describe('SigningIdentityCard', () => {
  it('revokes the active managed certificate only after an alert dialog says what follows, and only it', async () => {
    api.list.mockResolvedValue([managed, uploaded]);
    api.revoke.mockResolvedValue({});
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('region', { name: 'All identities' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('button', { name: /^Revoke/ })).toHaveLength(1);
    await user.click(within(list).getByRole('button', { name: 'Revoke Daily Planet via Provenance Gateway' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Its OCSP responder and revocation list say revoked from now on');
    expect(api.revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.revoke).toHaveBeenCalledWith('managed-1'));
    expect(toast.success).toHaveBeenCalledWith('Certificate revoked', expect.anything());
  });

  it('shows an identity’s warning, and removes it only after an alert dialog says what follows', async () => {
    const warning = "This certificate's root is not on the C2PA trust list: other validators will show files signed with it as unrecognised (partial)";
    api.list.mockResolvedValue([{ ...uploaded, active: true, warnings: [warning] }, { ...managed, active: false }]);
    api.remove.mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderCard();
    const list = await screen.findByRole('region', { name: 'All identities' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBeGreaterThan(1));
    expect(within(list).getByText(warning)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Current identity' }).textContent).toContain(warning);
    await user.click(within(list).getByRole('button', { name: 'Remove C2PA Signer (Your certificate)' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('your next signatures use your managed identity');
    expect(dialog.textContent).toContain('Files it signed keep their Content Credentials and verify as before.');
    expect(api.remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('cert-1'));
    expect(toast.success).toHaveBeenCalledWith('Signing identity removed', expect.anything());
  });

  it('shows the current identity and lets another become active', async () => {
    api.list.mockResolvedValue([managed, uploaded]);
    api.activate.mockResolvedValue({ ...uploaded, active: true });
    const user = userEvent.setup();
    renderCard();
    const current = screen.getByRole('region', { name: 'Current identity' });
    await waitFor(() => expect(current.textContent).toContain('Daily Planet via Provenance Gateway'));
    expect(current.textContent).toContain('Managed by the gateway');
    const list = screen.getByRole('region', { name: 'All identities' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Use this identity: C2PA Signer (Your certificate)' }));
    await waitFor(() => expect(api.activate).toHaveBeenCalledWith('cert-1', expect.anything()));
    expect(toast.success).toHaveBeenCalledWith('Signing identity changed', expect.anything());
  });

  it("sends the chain and key, and says the gateway's refusal under the key field", async () => {
    api.list.mockResolvedValue([managed]);
    api.add.mockRejectedValue(new ApiError(400, 'key_mismatch', 'The private key does not match the signing certificate (the first in the chain).'));
    const user = userEvent.setup();
    renderCard();
    await user.type(screen.getByLabelText('Certificate chain (PEM, signing certificate first)'), 'CHAIN');
    await user.type(screen.getByLabelText('Private key (PEM)'), 'KEY');
    await user.click(screen.getByRole('button', { name: 'Add Certificate' }));
    await waitFor(() => expect(api.add).toHaveBeenCalledWith({ kind: 'certificate', certificateChain: 'CHAIN', privateKey: 'KEY' }, expect.anything()));
    const key = screen.getByLabelText('Private key (PEM)');
    await waitFor(() => expect(key.getAttribute('aria-invalid')).toBe('true'));
    // The refusal is the first thing the key field's description names (its hint follows).
    expect(document.getElementById(key.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toContain('does not match the signing certificate');
  });
});
