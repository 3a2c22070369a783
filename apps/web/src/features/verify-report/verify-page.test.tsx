import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { unsignedResult, verifiedResult } from './test-fixtures';
import { VerifyPage } from './verify-page';

// c2pa-rs in WebAssembly does not run in jsdom: the browser path is stood in for (its own modules
// are tested beside them, and the end-to-end test runs the real one against the gateway).
const verifyInBrowser = vi.hoisted(() => vi.fn());
vi.mock('@/lib/browser-verification/verify-in-browser', () => ({ verifyInBrowser, RemoteManifestError: class extends Error {}, BrowserUndecidedError: class extends Error {} }));

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/verify', Component: VerifyPage }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function stubApi(body: unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'HEAD') return new Response(null, { status: 404 });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A stand-in XMLHttpRequest (files sent to the gateway go through one, for their progress). */
function stubUpload(body: unknown) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeUpload {
    upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 4, total: 4, lengthComputable: true });
        this.status = 200;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return sent;
}

// Rendering the whole report in jsdom takes seconds on a busy shared machine.
describe('VerifyPage', { timeout: 20_000 }, () => {
  it('verifies the URL of a /verify?url= deep link, with thumbnails, and shows the report', async () => {
    const fetchMock = stubApi(verifiedResult);
    renderAt(`/verify?url=${encodeURIComponent('https://news.example/photo.jpg')}`);
    expect((await screen.findByTestId('verdict')).textContent).toContain('Verified');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/verify-content?thumbnails=1');
    expect(JSON.parse(String(init.body))).toEqual({ assetUrl: 'https://news.example/photo.jpg' });
    expect((screen.getByLabelText('Or check a file on the web') as HTMLInputElement).value).toBe('https://news.example/photo.jpg');
    expect(screen.getByTestId('share-url').textContent).toBe(`${window.location.origin}/verify?url=${encodeURIComponent('https://news.example/photo.jpg')}`);
  });

  it('sends a picked file as multipart and puts a pasted URL in the address', async () => {
    stubApi(unsignedResult);
    const uploads = stubUpload(unsignedResult);
    const router = renderAt('/verify');
    await userEvent.click(screen.getByRole('radio', { name: /On the gateway/ }));
    expect(window.localStorage.getItem('provenance.verify-place')).toBe('gateway');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'holiday.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('file-input'), file);
    const verdict = await screen.findByTestId('verdict');
    expect(verdict.textContent).toContain('Verification Failed');
    // The verdict takes the focus when it arrives, so a screen reader reads it at once.
    await waitFor(() => expect(document.activeElement).toBe(verdict));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.url).toBe('/api/v1/verify-content?thumbnails=1');
    expect((uploads[0]!.form.get('file') as File).name).toBe('holiday.png');

    await userEvent.type(screen.getByLabelText('Or check a file on the web'), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert').textContent).toContain('http:// or https://');
    await userEvent.clear(screen.getByLabelText('Or check a file on the web'));
    await userEvent.type(screen.getByLabelText('Or check a file on the web'), 'https://x.example/a.png');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(router.state.location.search).toBe(`?url=${encodeURIComponent('https://x.example/a.png')}`);
  });

  it('verifies a file in this browser by default, uploads nothing and says so', async () => {
    window.localStorage.clear();
    const fetchMock = stubApi({ lists: [], tsaLists: [] });
    verifyInBrowser.mockResolvedValue({
      result: unsignedResult,
      sha256: 'a'.repeat(64),
      repositoryMatch: { manifestId: 'urn:c2pa:held', method: 'exact-hash', similarity: 100 },
      sentForLookup: ['sha256'],
    });
    renderAt('/verify');
    expect((screen.getByRole('radio', { name: /In this browser/ }) as HTMLInputElement).checked).toBe(true);
    await userEvent.upload(screen.getByTestId('file-input'), new File([new Uint8Array([1, 2, 3])], 'quay.png', { type: 'image/png' }));
    expect((await screen.findByTestId('verify-place-note')).textContent).toContain('the file never left your device');
    expect(verifyInBrowser.mock.calls[0]?.[0]).toBeInstanceOf(File);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/trust']);
    expect(screen.getByRole('link', { name: 'see its report' }).getAttribute('href')).toBe('/v/urn%3Ac2pa%3Aheld');
  });
  it('says a file found by its fingerprint looks like a signed asset, with the similarity, and that its hash and fingerprint were sent', async () => {
    window.localStorage.clear();
    stubApi({ lists: [], tsaLists: [] });
    verifyInBrowser.mockResolvedValue({
      result: unsignedResult,
      sha256: 'b'.repeat(64),
      repositoryMatch: { manifestId: 'urn:c2pa:first', method: 'fingerprint', similarity: 94 },
      sentForLookup: ['sha256', 'fingerprint'],
    });
    renderAt('/verify');
    await userEvent.upload(screen.getByTestId('file-input'), new File([new Uint8Array([4, 5, 6])], 'reposted.jpg', { type: 'image/jpeg' }));
    const match = await screen.findByTestId('repository-match');
    expect(match.dataset.method).toBe('fingerprint');
    expect(match.textContent).not.toContain('same bytes (SHA-256)');
    expect(match.textContent).toContain('ISCC fingerprint, similarity 94%; not the same bytes');
    expect(screen.getByTestId('repository-lookup-sent').textContent).toBe(
      'To look it up in this gateway’s repository, its SHA-256 hash and then its image fingerprint (ISCC, computed here; not the file) were sent to the gateway.',
    );
    expect(screen.getByRole('link', { name: 'see its report' }).getAttribute('href')).toBe('/v/urn%3Ac2pa%3Afirst');
  });

  it('says "same bytes (SHA-256)" only for an exact match, and that only the hash was sent', async () => {
    window.localStorage.clear();
    stubApi({ lists: [], tsaLists: [] });
    verifyInBrowser.mockResolvedValue({
      result: unsignedResult,
      sha256: 'c'.repeat(64),
      repositoryMatch: { manifestId: 'urn:c2pa:held', method: 'exact-hash', similarity: 100 },
      sentForLookup: ['sha256'],
    });
    renderAt('/verify');
    await userEvent.upload(screen.getByTestId('file-input'), new File([new Uint8Array([7, 8, 9])], 'stripped.jpg', { type: 'image/jpeg' }));
    expect((await screen.findByTestId('repository-match')).textContent).toContain('the same bytes (SHA-256)');
    expect(screen.getByTestId('repository-lookup-sent').textContent).toBe('To look it up in this gateway’s repository, its SHA-256 hash (not the file) was sent to the gateway.');
  });
});
