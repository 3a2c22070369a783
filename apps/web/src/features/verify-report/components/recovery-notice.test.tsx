import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TRecovery, TVerifyResponse } from '@provenance/contracts';
import { unsignedResult, verifiedResult } from '../test-fixtures';
import { RecoveryNotice } from './recovery-notice';
import { ReportView } from './report-view';

/** Account A signed the photo first (a claimed time); account B signed A's published copy a day later. */
const recovery: TRecovery = {
  manifestId: 'urn:c2pa:first',
  method: 'exact-hash',
  similarity: 100,
  manifestUrl: 'http://localhost/api/v1/sbr/manifests/urn%3Ac2pa%3Afirst',
  verification: verifiedResult.verification,
  candidates: [
    { manifestId: 'urn:c2pa:first', organization: 'Daily Ledger Newsroom', signedAt: '2026-03-01T09:30:00.000Z', trustedTimestampAt: null, method: 'exact-hash', similarity: 100 },
    { manifestId: 'urn:c2pa:second', organization: null, signedAt: '2026-03-02T11:00:00.000Z', trustedTimestampAt: null, method: 'fingerprint', similarity: 97 },
  ],
};

describe('RecoveryNotice', () => {
  it('shows every matching signing side by side, earliest first, with its date, picture, method and similarity', () => {
    render(
      <MemoryRouter>
        <RecoveryNotice recovery={recovery} />
      </MemoryRouter>,
    );
    const notice = screen.getByTestId('recovery-notice');
    expect(within(notice).getByRole('heading').textContent).toBe('Signed before: 2 matching signings in this gateway’s repository, earliest first');
    const cards = within(screen.getByRole('list', { name: 'Matching signings, earliest first' })).getAllByTestId('recovery-candidate');
    expect(cards.map((card) => card.dataset.manifestId)).toEqual(['urn:c2pa:first', 'urn:c2pa:second']);
    expect(cards[0]!.textContent).toContain('Earliest: credited');
    expect(cards[0]!.textContent).toContain('Daily Ledger Newsroom');
    expect(cards[0]!.textContent).toContain('Same bytes (SHA-256), similarity 100%');
    expect(cards[0]!.textContent).toContain('(time claimed by the signer)');
    expect(cards[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-01T09:30:00.000Z');
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/api/v1/manifests/urn%3Ac2pa%3Afirst/asset');
    expect(cards[1]!.textContent).not.toContain('credited');
    expect(cards[1]!.textContent).toContain('Organisation not named');
    expect(cards[1]!.textContent).toContain('Similar image (ISCC fingerprint), similarity 97%');
    expect(cards[1]!.querySelector('img')?.getAttribute('src')).toBe('/api/v1/manifests/urn%3Ac2pa%3Asecond/asset');
    expect(within(cards[1]!).getByRole('link').getAttribute('href')).toBe('/v/urn%3Ac2pa%3Asecond');
    expect(screen.getByRole('link', { name: 'See the matching report' }).getAttribute('href')).toBe('/v/urn%3Ac2pa%3Afirst');
  });

  it('dates a signing with a trusted timestamp by that timestamp, and says so', () => {
    const stamped: TRecovery = { ...recovery, candidates: [{ ...recovery.candidates[0]!, trustedTimestampAt: '2026-03-01T09:30:04.000Z' }] };
    render(
      <MemoryRouter>
        <RecoveryNotice recovery={stamped} />
      </MemoryRouter>,
    );
    const card = screen.getByTestId('recovery-candidate');
    expect(card.textContent).toContain('(trusted timestamp)');
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-01T09:30:04.000Z');
  });
});

describe('the report of a recovered file', { timeout: 20_000 }, () => {
  it('has one headline that does not contradict the matching signings', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
    const result: TVerifyResponse = { ...unsignedResult, recovery };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ReportView result={result} shareUrl={null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const report = screen.getByTestId('report');
    // One verdict headline (the recovery's is a section title beneath it, not a second verdict).
    expect(within(report).getAllByRole('heading', { level: 2, name: /Verification Failed|Verified/ })).toHaveLength(1);
    expect(report.textContent).not.toContain('nothing can be said about where it came from');
    expect(report.textContent).not.toContain('nothing here shows who made it');
    expect(screen.getByTestId('verdict-short').textContent).toBe('No Content Credentials in this file; matching signed content found');
    expect(screen.getByTestId('verdict').textContent).toContain('who signed it first is shown below');
    expect(screen.getByTestId('recovery-notice').textContent).toContain('held here, not in this file');
  });

  it('keeps the plain unsigned words when nothing matched', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(null, { status: 404 })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ReportView result={unsignedResult} shareUrl={null} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('verdict').textContent).toContain('nothing can be said about where it came from');
    expect(screen.queryByTestId('recovery-notice')).toBeNull();
  });
});
