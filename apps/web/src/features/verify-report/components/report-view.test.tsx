import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TVerifyResponse } from '@provenance/contracts';
import { invalidResult, unsignedResult, verifiedResult } from '../test-fixtures';
import { ReportView } from './report-view';

function renderReport(result: TVerifyResponse, storeKnown?: boolean) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReportView result={result} storeKnown={storeKnown} shareUrl={null} />
    </QueryClientProvider>,
  );
}

// Rendering the whole report in jsdom takes seconds on a busy shared machine.
describe('ReportView', { timeout: 20_000 }, () => {
  it('says an organisation name nobody checked is self-declared, and where this gateway verified one', () => {
    const declared: TVerifyResponse = { ...verifiedResult, verification: { ...verifiedResult.verification, credentials: { ...verifiedResult.verification.credentials, organizationVerified: false } } };
    const { unmount } = renderReport(declared, true);
    expect(screen.getByTestId('fact-signer').textContent).toContain('Daily Ledger Newsroom (self-declared, not verified)');
    expect(screen.getByTestId('signer-organization').textContent).toContain('Daily Ledger Newsroom (self-declared, not verified)');
    unmount();
    const atDomain: TVerifyResponse = { ...verifiedResult, verification: { ...verifiedResult.verification, trust: { ...verifiedResult.verification.trust, tier: 'gateway' }, credentials: { ...verifiedResult.verification.credentials, organizationDomain: 'dailyledger.example' } } };
    const second = renderReport(atDomain, true);
    expect(screen.getByTestId('fact-signer').textContent).toContain('Daily Ledger Newsroom (verified at dailyledger.example)');
    expect(screen.getByTestId('signer-organization').textContent).toContain('Daily Ledger Newsroom (verified at dailyledger.example)');
    second.unmount();
    renderReport(verifiedResult, true);
    expect(screen.getByTestId('fact-signer').textContent).not.toContain('self-declared');
    expect(screen.getByTestId('signer-organization').textContent).not.toContain('self-declared');
  });

  it('shows each named actor (CAWG identity) apart from the signer, with its own verdict', () => {
    const code = (name: string, explanation: string) => ({ code: name, url: 'self#jumbf=/c2pa/urn:c2pa:1/c2pa.assertions/cawg.identity', explanation });
    const named: TVerifyResponse = {
      ...verifiedResult,
      verification: {
        ...verifiedResult.verification,
        identities: [
          { label: 'cawg.identity', name: 'Harbour Times', credentialIssuer: 'Provenance Gateway Local PKI', status: 'trusted', codes: { success: [code('cawg.x509.credential.trusted', 'Trusted.')], informational: [], failure: [] } },
          { label: 'cawg.identity__1', name: 'Valley Ledger', credentialIssuer: null, status: 'invalid', codes: { success: [], informational: [], failure: [code('cawg.x509.signature.mismatch', 'The CAWG identity assertion’s signature does not match.')] } },
        ],
      },
    };
    renderReport(named, true);
    const section = screen.getByRole('region', { name: 'Named actors' });
    const actors = within(section).getAllByTestId('named-actor');
    expect(actors.map((actor) => actor.getAttribute('data-status'))).toEqual(['trusted', 'invalid']);
    expect(actors[0]!.textContent).toContain('Harbour Times');
    expect(actors[0]!.textContent).toContain('Provenance Gateway Local PKI');
    expect(actors[1]!.textContent).toContain('Identity check failed: The CAWG identity assertion’s signature does not match.');
    // The signer's own verdict is its own.
    expect(screen.getByTestId('signer-trust').getAttribute('data-trusted')).toBe('true');
  });

  it('says in words when a named actor’s credential was revoked, and when its revocation was not checked, while the claim stays verified', () => {
    const code = (name: string, explanation: string) => ({ code: name, url: 'self#jumbf=/c2pa/urn:c2pa:1/c2pa.assertions/cawg.identity', explanation });
    const named: TVerifyResponse = {
      ...verifiedResult,
      verification: {
        ...verifiedResult.verification,
        identities: [
          {
            label: 'cawg.identity',
            name: 'Harbour Times',
            credentialIssuer: 'Provenance Gateway Local PKI',
            status: 'revoked',
            revocation: { status: 'revoked', source: 'gateway', responder: null, checkedAt: '2026-11-28T01:00:00.000Z', revokedAt: '2026-11-27T09:30:00.000Z', reason: null },
            codes: { success: [], informational: [], failure: [code('gateway.identity.credential.revoked', 'Revoked.')] },
          },
          {
            label: 'cawg.identity__1',
            name: 'Valley Ledger',
            credentialIssuer: 'Example S/MIME CA',
            status: 'trusted',
            revocation: { status: 'not_checked', source: 'gateway', responder: null, checkedAt: null, revokedAt: null, reason: 'Not issued by this gateway.' },
            codes: { success: [code('cawg.x509.credential.trusted', 'Trusted.')], informational: [], failure: [] },
          },
        ],
      },
    };
    renderReport(named, true);
    const actors = within(screen.getByRole('region', { name: 'Named actors' })).getAllByTestId('named-actor');
    expect(actors.map((actor) => actor.getAttribute('data-status'))).toEqual(['revoked', 'trusted']);
    expect(actors[0]!.textContent).toContain('Identity revoked: the certificate authority that issued its credential has revoked it');
    expect(within(actors[0]!).getByTestId('named-actor-revocation').textContent).toMatch(/^Credential revocationRevoked on /);
    expect(within(actors[1]!).getByTestId('named-actor-revocation').textContent).toContain('Not checked: Not issued by this gateway.');
    expect(screen.getByTestId('signer-trust').getAttribute('data-trusted')).toBe('true');
  });

  it('has no named-actors section when the manifest names none', () => {
    renderReport(verifiedResult, true);
    expect(screen.queryByRole('region', { name: 'Named actors' })).toBeNull();
  });

  it('puts the verdict first, then signer, AI disclosure, history, ingredients and codes', () => {
    renderReport(verifiedResult, true);
    const verdict = screen.getByTestId('verdict');
    expect(within(verdict).getByRole('heading', { level: 2 }).textContent).toContain('Verified');
    expect(verdict.textContent).toContain('TRUSTED');
    expect(verdict.textContent).toContain('chains to a trusted root');
    expect(screen.getByTestId('fact-signer').textContent).toContain('Daily Ledger Newsroom');
    expect(screen.getByTestId('fact-creator').textContent).toContain('Ana Reporter');
    expect(screen.getByTestId('fact-license').textContent).toContain('CC BY 4.0');
    expect(screen.getByTestId('fact-location').textContent).toContain('51.5072, -0.1276');
    expect(screen.getByTestId('signer-trust').textContent).toContain('On the C2PA trust list');
    expect(screen.getByTestId('ai-disclosure').textContent).toContain('Edited with AI');
    expect(screen.getByText('Composite including generative AI', { selector: 'span' })).toBeTruthy();
    const timeline = screen.getByTestId('action-timeline');
    expect(within(timeline).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Opened'),
      expect.stringContaining('Edited'),
    ]);
    expect(screen.getByTestId('validation-codes').textContent).toContain('assertion.dataHash.match');
    expect(screen.getByRole('link', { name: /Manifest store \(\.c2pa\)/ }).getAttribute('href')).toBe(`/api/v1/manifests/${encodeURIComponent(verifiedResult.report.manifestId!)}?format=c2pa`);
    expect(screen.getByRole('link', { name: /Manifest report \(JSON\)/ }).getAttribute('download')).toBe('harbour-fire.manifest.json');
  });

  it('shows the trusted time and its authority when the signature carries a timestamp, and nothing when it does not', () => {
    const timestamped: TVerifyResponse = { ...verifiedResult, report: { ...verifiedResult.report, timestamp: { time: '2026-11-20T09:30:00.000Z', authority: 'Newsroom TSA', trusted: true } } };
    const { unmount } = renderReport(timestamped, true);
    expect(screen.getByTestId('signer-timestamp').textContent).toContain('from Newsroom TSA');
    expect(screen.getByTestId('signer-timestamp').textContent).toContain('stays valid after the certificate expires');
    unmount();
    renderReport(verifiedResult, true);
    expect(screen.queryByTestId('signer-timestamp')).toBeNull();
  });

  it('draws the ingredient tree, expands nested ingredients and warns about untrusted thumbnails', async () => {
    renderReport(verifiedResult, true);
    const tree = screen.getByTestId('ingredient-tree');
    expect(within(tree).getAllByTestId('ingredient')).toHaveLength(3);
    const toggle = within(tree).getByRole('button', { name: 'Expand agency-photo.jpg' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.hidden).toBe(true);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.hidden).toBe(false);
    // The scan's thumbnail is held by the agency's untrusted manifest; the top-level ones by the verified one.
    expect(within(tree).getAllByTestId('untrusted-thumbnail')).toHaveLength(1);
  });

  it('shows a tampered file as Verification Failed with the failing code', () => {
    renderReport(invalidResult, true);
    expect(within(screen.getByTestId('verdict')).getByRole('heading', { level: 2 }).textContent).toContain('Verification Failed');
    expect(screen.getByTestId('verdict').textContent).toContain('changed since it was signed');
    expect(screen.getByText('Content unchanged', { exact: false }).closest('li')?.getAttribute('data-state')).toBe('fail');
    expect(screen.getByTestId('validation-codes').querySelector('[data-group="failure"]')?.textContent).toContain('assertion.dataHash.mismatch');
    // Untrusted manifest: its own thumbnail is not proof.
    expect(screen.getAllByTestId('untrusted-thumbnail').length).toBeGreaterThan(0);
  });

  it('explains an unsigned file without inventing a signer', () => {
    renderReport(unsignedResult);
    expect(screen.getByTestId('verdict').textContent).toContain('Verification Failed');
    expect(screen.getByTestId('verdict').textContent).toContain('NONE');
    expect(screen.getByRole('heading', { name: 'What this means' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Signer' })).toBeNull();
    expect(screen.getByText('No validation codes: there was no manifest to validate.')).toBeTruthy();
  });
});
