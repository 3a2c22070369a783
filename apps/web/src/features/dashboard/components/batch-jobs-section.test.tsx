import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TCreateJobRequest, TJob } from '@provenance/contracts';
import { assetKeys } from '@/lib/api/assets';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { BatchJobsSection } = await import('./batch-jobs-section');
// The contract schemas load on first use; loading them once here keeps that import (seconds on a
// busy machine) out of the first test's waits.
await (await import('@/lib/api/contract-schemas')).contractSchemas();

/**
 * The jobs API as the contract gives it, in memory: POST /jobs queues a job, and each GET /jobs
 * moves every unfinished job one item on (the last item fails), so polling sees it progress.
 */
function fakeJobsServer(options: { refuse?: { status: number; body: unknown }; finishAtOnce?: boolean } = {}) {
  const jobs: TJob[] = [];
  const posted: TCreateJobRequest[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://gateway.test').pathname;
    if (path === '/api/v1/jobs' && init?.method === 'POST') {
      if (options.refuse) return json(options.refuse.status, options.refuse.body);
      const request = JSON.parse(String(init.body)) as TCreateJobRequest;
      posted.push(request);
      const id = `job-${jobs.length + 1}`;
      jobs.push({ id, type: request.type, status: 'queued', total: request.items.length, done: 0, failed: 0, createdAt: new Date(Date.now() + jobs.length).toISOString(), completedAt: null });
      // A quick job: done before the list is read again.
      if (options.finishAtOnce) Object.assign(jobs.at(-1)!, { status: 'completed', done: request.items.length, completedAt: new Date().toISOString() });
      return json(202, { id, status: 'queued' });
    }
    if (path === '/api/v1/jobs') {
      const answer = { jobs: jobs.map((job) => ({ ...job })) };
      for (const job of jobs) {
        if (job.status === 'completed') continue;
        const remaining = job.total - job.done - job.failed;
        if (remaining === 1 && job.total > 1) job.failed += 1;
        else job.done += 1;
        job.status = job.done + job.failed === job.total ? 'completed' : 'running';
        if (job.status === 'completed') job.completedAt = new Date().toISOString();
      }
      return json(200, answer);
    }
    if (path.endsWith('/results')) return new Response('{"index":0,"assetUrl":"https://a.example/1.jpg","status":"done","result":{}}\n', { status: 200 });
    return json(404, { error: { code: 'not_found', message: 'No such route' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { jobs, posted, fetchMock };
}

function renderSection(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* Each job links to its items' page. */}
      <MemoryRouter>
        <BatchJobsSection userId="user-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('BatchJobsSection', () => {
  it('starts a verify job of the pasted addresses; the job appears and its progress bar follows it to the end', async () => {
    const server = fakeJobsServer();
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/No batch jobs yet/)).toBeTruthy();

    await user.type(screen.getByLabelText('File addresses, one per line'), 'https://a.example/1.jpg{Enter}https://a.example/2.jpg{Enter}https://a.example/3.jpg');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));

    await waitFor(() => expect(server.posted).toHaveLength(1));
    expect(server.posted[0]).toEqual({ type: 'verify', items: [{ assetUrl: 'https://a.example/1.jpg' }, { assetUrl: 'https://a.example/2.jpg' }, { assetUrl: 'https://a.example/3.jpg' }] });
    // The request is seen before its answer is read, so what follows the answer is waited for.
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Batch job started', expect.anything()));
    expect((screen.getByLabelText('File addresses, one per line') as HTMLTextAreaElement).value).toBe('');

    const list = await screen.findByRole('list', { name: 'Batch jobs' });
    const bar = await within(list).findByRole('progressbar');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    // Polling stops by itself once the job has finished; until then each answer moves it on.
    await waitFor(() => expect(within(list).getByRole('progressbar', { name: '2 of 3 done, 1 failed' })).toBeTruthy(), { timeout: 10_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(within(list).getByTestId('job-status').textContent).toBe('Finished, some items could not be processed');
    expect(within(list).getByRole('button', { name: 'Download results of verification job of 3 items (NDJSON)' })).toBeTruthy();
  });

  it('signs with the creator named in every item, and asks for the creator first', async () => {
    const server = fakeJobsServer();
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByLabelText('Sign'));
    await user.type(screen.getByLabelText('File addresses, one per line'), 'https://a.example/1.jpg');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));

    const creator = screen.getByLabelText('Creator Name');
    await waitFor(() => expect(creator.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(creator));
    expect(server.posted).toHaveLength(0);

    await user.type(creator, 'Ada Reporter');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    await waitFor(() => expect(server.posted).toEqual([{ type: 'sign', items: [{ assetUrl: 'https://a.example/1.jpg', metadata: { creator: 'Ada Reporter' } }] }]));
  });

  it('refreshes the signed content when a signing job it started had finished by the time the list was read again', async () => {
    fakeJobsServer({ finishAtOnce: true });
    const user = userEvent.setup();
    const client = renderSection();
    client.setQueryData(assetKeys.all('user-1'), []);
    await user.click(screen.getByLabelText('Sign'));
    await user.type(screen.getByLabelText('File addresses, one per line'), 'https://a.example/1.jpg');
    await user.type(screen.getByLabelText('Creator Name'), 'Ada Reporter');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    await waitFor(() => expect(screen.getByTestId('job-status').textContent).toBe('Finished'));
    await waitFor(() => expect(client.getQueryState(assetKeys.all('user-1'))?.isInvalidated).toBe(true));
  });

  it("says the server's refusal of the creator's name at the creator field", async () => {
    fakeJobsServer({ refuse: { status: 400, body: { error: { code: 'validation_error', message: 'items.0: Creator name must be at most 200 characters' } } } });
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByLabelText('Sign'));
    await user.type(screen.getByLabelText('File addresses, one per line'), 'https://a.example/1.jpg');
    const creator = screen.getByLabelText('Creator Name');
    await user.type(creator, 'Ada');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    await waitFor(() => expect(creator.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('job-creator-error')?.textContent).toBe('Creator name must be at most 200 characters');
    await waitFor(() => expect(document.activeElement).toBe(creator));
    expect(screen.getByLabelText('File addresses, one per line').getAttribute('aria-invalid')).toBeNull();
  });

  it('says the line of an address that is not http(s) at the field, and sends nothing', async () => {
    const server = fakeJobsServer();
    const user = userEvent.setup();
    renderSection();
    const urls = screen.getByLabelText('File addresses, one per line');
    await user.type(urls, 'https://a.example/1.jpg{Enter}file:///etc/passwd');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    await waitFor(() => expect(urls.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(urls);
    const describedBy = urls.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(describedBy[0]!)?.textContent).toBe('Line 2: “file:///etc/passwd” is not an http or https address.');
    expect(server.posted).toHaveLength(0);
  });

  it("says the server's 400 at the field, at the line it names", async () => {
    fakeJobsServer({ refuse: { status: 400, body: { error: { code: 'validation_error', message: 'items.1.assetUrl: Invalid input' } } } });
    const user = userEvent.setup();
    renderSection();
    const urls = screen.getByLabelText('File addresses, one per line');
    await user.type(urls, 'https://a.example/1.jpg{Enter}{Enter}https://a.example/2.jpg');
    await user.click(screen.getByRole('button', { name: 'Start Job' }));
    await waitFor(() => expect(urls.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('job-urls-error')?.textContent).toBe('Line 3: Invalid input');
    await waitFor(() => expect(document.activeElement).toBe(urls));
    expect(toast.error).toHaveBeenCalledWith('Job not started', { description: 'items.1.assetUrl: Invalid input' });
    // What was pasted stays, to be corrected.
    expect((urls as HTMLTextAreaElement).value).toContain('https://a.example/2.jpg');
  });
});
