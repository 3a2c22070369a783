import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { verifiedResult } from './test-fixtures';
import { ManifestReportPage } from './manifest-report-page';

const ID = verifiedResult.report.manifestId!;

function renderAt(path: string, answer: { status: number; body: unknown }) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      if (url.endsWith('/track-analytics')) return new Response('{"success":true}', { status: 200 });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/v/:manifestId', Component: ManifestReportPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

const tracked = (calls: { url: string; init?: RequestInit }[]) =>
  calls.filter((call) => call.url.endsWith('/track-analytics')).map((call) => JSON.parse(String(call.init?.body)) as { eventType: string; data: { assetId: string } });

// Rendering the whole report in jsdom takes seconds on a busy shared machine.
describe('ManifestReportPage', { timeout: 20_000 }, () => {
  it('loads the held manifest with thumbnails, counts one report view and counts downloads', async () => {
    const calls = renderAt(`/v/${encodeURIComponent(ID)}`, { status: 200, body: verifiedResult });
    expect((await screen.findByTestId('verdict')).textContent).toContain('Verified');
    expect(document.body.textContent).toContain('verified again just now');
    expect(calls[0]!.url).toBe(`/api/v1/manifests/${encodeURIComponent(ID)}?thumbnails=1`);
    // The signed file the gateway holds is shown beside the verdict.
    expect(screen.getByTestId('asset-preview-held').getAttribute('src')).toBe(`/api/v1/manifests/${encodeURIComponent(ID)}/asset`);
    await vi.waitFor(() => expect(tracked(calls)).toEqual([expect.objectContaining({ eventType: 'report_view', data: expect.objectContaining({ assetId: ID }) })]));
    await userEvent.click(screen.getByRole('link', { name: /Manifest report \(JSON\)/ }));
    await vi.waitFor(() => expect(tracked(calls).map((event) => event.eventType)).toEqual(['report_view', 'download']));
  });

  it('says when the gateway holds no such manifest', async () => {
    renderAt('/v/urn%3Ac2pa%3Anope', { status: 404, body: { error: { code: 'not_found', message: 'No manifest urn:c2pa:nope' } } });
    expect((await screen.findByTestId('report-error')).textContent).toContain('Manifest not found');
    expect(screen.getByText('No manifest urn:c2pa:nope')).toBeTruthy();
    expect(document.body.textContent).toContain('is known to this gateway');
    expect(document.body.textContent).not.toContain('verified again just now');
  });
});
