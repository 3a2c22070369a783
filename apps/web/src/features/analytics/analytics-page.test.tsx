import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TAnalyticsSummary, TVerificationEvent } from '@provenance/contracts';

const apiRequest = vi.fn();
vi.mock('@/lib/api/client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args), ApiError: class extends Error {} }));
vi.mock('@/lib/auth/use-session', () => ({
  useSession: () => ({ access_token: 'a', refresh_token: 'r', expires_at: 0, user: { id: 'user-1', email: 'ada@example.com', is_demo: false } }),
}));

const { AnalyticsPage } = await import('./analytics-page');

function days(): TAnalyticsSummary['perDay'] {
  return Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, verified: 0, partial: 0, invalid: 0, unsigned: 0 }));
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AnalyticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => apiRequest.mockReset());

describe('AnalyticsPage', () => {
  it('shows zeros and the empty state for an account with no activity, never made-up figures', async () => {
    const summary: TAnalyticsSummary = {
      manifests: 0,
      verifications: { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 },
      ownContent: { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 },
      performed: { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 },
      successRate: null,
      verificationsToday: 0,
      perDay: days(),
      failureReasons: [],
    };
    apiRequest.mockImplementation(async (path: string) => (path.startsWith('/analytics/summary') ? summary : { events: [] }));
    renderPage();
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    expect(screen.getByTestId('stat-Manifests').textContent).toBe('0');
    expect(screen.getByTestId('stat-Verified').textContent).toBe('—');
    expect(document.body.textContent).not.toMatch(/2,547,893|5,894,621|99\.9/);
  });

  it('shows badges around other pictures apart from the verifications', async () => {
    const counts = { total: 1, verified: 1, partial: 0, invalid: 0, unsigned: 0 };
    const summary: TAnalyticsSummary = {
      manifests: 1,
      verifications: counts,
      ownContent: counts,
      performed: { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 },
      successRate: 100,
      verificationsToday: 1,
      perDay: days(),
      failureReasons: [],
      mediaChecks: { mismatch: 3, unchecked: 1 },
    };
    apiRequest.mockImplementation(async (path: string) => (path.startsWith('/analytics/summary') ? summary : { events: [] }));
    renderPage();
    expect((await screen.findByTestId('badge-mismatch-count')).textContent).toBe('3');
    expect(screen.getByTestId('badge-mismatches').textContent).toContain('3 mismatches, 1 unchecked.');
    expect(screen.getByTestId('badge-mismatches').textContent).toContain('not counted as verifications');
  });

  it('lists the recent verification events with verdict, reason and place', async () => {
    const perDay = days();
    perDay[29] = { date: '2026-10-30', verified: 2, partial: 0, invalid: 1, unsigned: 0 };
    const summary: TAnalyticsSummary = {
      manifests: 1,
      verifications: { total: 4, verified: 2, partial: 1, invalid: 1, unsigned: 0 },
      ownContent: { total: 3, verified: 2, partial: 0, invalid: 1, unsigned: 0 },
      performed: { total: 1, verified: 0, partial: 1, invalid: 0, unsigned: 0 },
      successRate: 50,
      verificationsToday: 3,
      perDay,
      failureReasons: [
        { reason: 'The asset was changed after signing', status: 'invalid', count: 1 },
        { reason: 'The manifest is intact, but its signer is not on any trust list', status: 'partial', count: 1 },
      ],
    };
    const NOTHING_FOUND = { trustLabel: null, organization: null, assetUrl: null, pageOrigin: null, recovery: null, heldManifestId: null, jobItem: null };
    const events: TVerificationEvent[] = [
      { id: 'e1', created_at: new Date().toISOString(), status: 'invalid', reason: 'The asset was changed after signing', geo_location: 'Paris, FR', manifestId: 'urn:c2pa:1', source: 'url', ofOwnContent: true, ...NOTHING_FOUND },
      { id: 'e2', created_at: new Date().toISOString(), status: 'verified', reason: 'Signed by a trusted signer', geo_location: null, manifestId: 'urn:c2pa:1', source: 'upload', ofOwnContent: false, ...NOTHING_FOUND },
    ];
    apiRequest.mockImplementation(async (path: string) => (path.startsWith('/analytics/summary') ? summary : { events }));
    renderPage();
    expect(await screen.findAllByTestId('verification-event')).toHaveLength(2);
    expect(apiRequest).toHaveBeenCalledWith('/analytics/events?limit=10', expect.anything());
    // Own content apart from the checks the account ran of other files.
    expect(screen.getByTestId('stat-Verifications').textContent).toBe('3');
    expect(screen.getByTestId('stat-Verified').textContent).toBe('66.7%');
    expect(screen.getByTestId('stat-You verified').textContent).toBe('1');
    expect(screen.getAllByTestId('event-kind').map((kind) => kind.textContent)).toEqual(['Your content', 'Checked by you']);
    expect(screen.getByText('Paris, FR')).toBeTruthy();
    expect(screen.getByText('Location unknown')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Verifications per day' })).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Failure reasons' })).toBeTruthy();
  });

  it('logs a load failure and stays on screen with a way to retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    apiRequest.mockRejectedValue(new Error('offline'));
    renderPage();
    expect(await screen.findByText('Analytics are not available right now')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Analytics: the summary could not be loaded', expect.any(Error));
    logged.mockRestore();
  });
});
