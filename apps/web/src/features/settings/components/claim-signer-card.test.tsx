import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TClaimSigner } from '@provenance/contracts';

const api = vi.hoisted(() => ({ claimSigner: vi.fn() }));
vi.mock('@/lib/api/pki', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/pki')>();
  return { ...original, claimSignerQuery: () => ({ queryKey: original.claimSignerKeys.current, queryFn: api.claimSigner }) };
});

const { ClaimSignerCard } = await import('./claim-signer-card');

const development: TClaimSigner = {
  source: 'development',
  subject: 'C=GB, O=Example News Ltd, CN=Provenance Gateway',
  issuer: 'CN=Provenance Gateway Intermediate CA 1a2b3c4d, O=Provenance Gateway Local PKI',
  serialNumber: '4a1b',
  notAfter: '2027-11-28T00:00:00.000Z',
  renewsAt: '2027-10-29T00:00:00.000Z',
  onC2paTrustList: false,
  statement: "Development product certificate from this gateway's own CA: other validators will read it as untrusted. Set CLAIM_SIGNER to a certificate from a CA on the C2PA trust list in production.",
  certificateChain: '-----BEGIN CERTIFICATE-----\n...',
};

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ClaimSignerCard />
    </QueryClientProvider>,
  );
}

describe('ClaimSignerCard', () => {
  it('says which claim signer is in force and, in the server’s words, what other validators will make of it', async () => {
    api.claimSigner.mockResolvedValue(development);
    renderCard();
    const card = await screen.findByTestId('claim-signer');
    expect(card.textContent).toContain('Provenance Gateway · Example News Ltd');
    expect(card.textContent).toContain('Development product certificate · issued by Provenance Gateway Intermediate CA 1a2b3c4d');
    expect(screen.getByTestId('claim-signer-statement').textContent).toBe(development.statement);
  });

  it('shows an operator’s certificate on the C2PA trust list without a renewal date', async () => {
    api.claimSigner.mockResolvedValue({ ...development, source: 'file', subject: 'C=US, O=Example News, CN=Example Newsroom Signer', issuer: 'CN=Trusted Issuing CA', renewsAt: null, onC2paTrustList: true, statement: 'From Trusted Issuing CA, on the C2PA trust list: other validators will read its claims as signed by a trusted product.' });
    renderCard();
    const card = await screen.findByTestId('claim-signer');
    expect(card.textContent).toContain('Operator’s certificate · issued by Trusted Issuing CA');
    expect(card.textContent).not.toContain('renewed from');
    expect(screen.getByTestId('claim-signer-statement').textContent).toContain('on the C2PA trust list');
  });
});
