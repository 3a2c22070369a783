import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { WEBHOOK_EVENT_TYPES, type TCreateWebhookRequest, type TWebhook, type TWebhookDelivery } from '@provenance/contracts';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const { WebhooksPanel } = await import('./webhooks-panel');
// The contract schemas load on first use; loading them once here keeps that import (seconds on a
// busy machine) out of the first test's waits.
await (await import('@/lib/api/contract-schemas')).contractSchemas();

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/**
 * The webhooks API as the contract gives it, in memory. A test event's delivery is pending when
 * first listed and delivered (HTTP 204) on the next read, as the queue would make it.
 */
function fakeWebhooksServer(options: { refuseCreate?: { status: number; body: unknown } } = {}) {
  const webhooks: TWebhook[] = [];
  const deliveries = new Map<string, TWebhookDelivery[]>();
  const created: TCreateWebhookRequest[] = [];
  const deleted: string[] = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://gateway.test').pathname.replace('/api/v1', '');
    const method = init?.method ?? 'GET';
    if (path === '/webhooks' && method === 'POST') {
      if (options.refuseCreate) return json(options.refuseCreate.status, options.refuseCreate.body);
      const request = JSON.parse(String(init?.body)) as TCreateWebhookRequest;
      created.push(request);
      const webhook: TWebhook = { id: `wh-${webhooks.length + 1}`, url: request.url, events: [...request.events], createdAt: '2026-11-23T07:00:00.000Z' };
      webhooks.push(webhook);
      return json(201, { ...webhook, secret: SECRET });
    }
    if (path === '/webhooks') return json(200, { webhooks });
    const match = /^\/webhooks\/([^/]+)(\/deliveries|\/test)?$/.exec(path);
    const id = match?.[1] ?? '';
    if (match && match[2] === '/test' && method === 'POST') {
      const log = deliveries.get(id) ?? [];
      log.push({ id: `msg_${log.length + 1}`, type: 'webhook.test', status: 'pending', attempts: 0, responseStatus: null, error: null, createdAt: '2026-11-23T07:01:00.000Z', lastAttemptAt: null });
      deliveries.set(id, log);
      return json(202, log.at(-1));
    }
    if (match && match[2] === '/deliveries') {
      const log = deliveries.get(id) ?? [];
      const answer = { deliveries: log.map((d) => ({ ...d })) };
      for (const delivery of log) Object.assign(delivery, { status: 'delivered', attempts: 1, responseStatus: 204, lastAttemptAt: '2026-11-23T07:01:01.000Z' });
      return json(200, answer);
    }
    if (match && method === 'DELETE') {
      deleted.push(id);
      webhooks.splice(webhooks.findIndex((w) => w.id === id), 1);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'No such route' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { created, deleted, deliveries };
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WebhooksPanel userId="user-1" />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('WebhooksPanel', () => {
  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    const server = fakeWebhooksServer();
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();

    // Every event is ticked at first, each with a line saying what it means.
    const jobCompleted = screen.getByRole('checkbox', { name: 'job.completed' });
    expect(jobCompleted).toHaveProperty('checked', true);
    expect(jobCompleted.getAttribute('aria-describedby')).toBe('webhook-event-job.completed-hint');
    expect(document.getElementById('webhook-event-job.completed-hint')?.textContent).toContain('batch job finished');
    await user.click(jobCompleted);
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example.org/provenance');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    const chosen = WEBHOOK_EVENT_TYPES.filter((event) => event !== 'job.completed');
    await waitFor(() => expect(server.created).toEqual([{ url: 'https://hooks.example.org/provenance', events: chosen }]));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(within(dialog).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();
    expect(dialog.textContent).toContain('This secret will not be shown again.');

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    const endpoint = (await screen.findAllByTestId('webhook-endpoint'))[0]!;
    expect(endpoint.textContent).toContain('https://hooks.example.org/provenance');
    expect(endpoint.textContent).toContain(chosen.join(', '));
    expect((screen.getByLabelText('Endpoint URL') as HTMLInputElement).value).toBe('');
  });

  it('asks for an http(s) address and at least one event before sending anything', async () => {
    const server = fakeWebhooksServer();
    const user = userEvent.setup();
    renderPanel();
    const url = await screen.findByLabelText('Endpoint URL');
    await user.type(url, 'ftp://hooks.example.org');
    for (const name of WEBHOOK_EVENT_TYPES) await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('webhook-url-error')?.textContent).toBe('The address must start with http:// or https://.');
    expect(document.getElementById('webhook-events-error')?.textContent).toBe('Choose at least one event.');
    expect(server.created).toHaveLength(0);
  });

  it("says the gateway's refusal at the URL field", async () => {
    fakeWebhooksServer({ refuseCreate: { status: 400, body: { error: { code: 'validation_error', message: 'url must be an http or https URL' } } } });
    const user = userEvent.setup();
    renderPanel();
    const url = await screen.findByLabelText('Endpoint URL');
    await user.type(url, 'https://hooks.example.org/x');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() => expect(document.getElementById('webhook-url-error')?.textContent).toBe('url must be an http or https URL'));
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(toast.error).toHaveBeenCalledWith('Endpoint not added', { description: 'url must be an http or https URL' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('sends a test event whose delivery shows in the log, pending then delivered', async () => {
    const server = fakeWebhooksServer();
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'http://127.0.0.1:9000/hook');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Done' }));
    const endpoint = await screen.findByTestId('webhook-endpoint');
    expect(await within(endpoint).findByText(/Nothing sent yet/)).toBeTruthy();

    await user.click(within(endpoint).getByRole('button', { name: 'Send test event to http://127.0.0.1:9000/hook' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Test event sent', expect.anything()));
    const log = await within(endpoint).findByRole('table', { name: 'Deliveries to http://127.0.0.1:9000/hook, newest first' });
    // The log polls while the delivery is pending, so it turns delivered without a reload.
    await waitFor(() => expect(within(log).getByTestId('webhook-delivery').getAttribute('data-status')).toBe('delivered'), { timeout: 8_000 });
    const cells = within(log).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Test event', 'Delivered', '1', 'HTTP 204']);

    // An event that arrives later shows once the log is refreshed.
    server.deliveries.get('wh-1')!.push({ id: 'msg_9', type: 'asset.signed', status: 'delivered', attempts: 1, responseStatus: 200, error: null, createdAt: '2026-11-23T07:05:00.000Z', lastAttemptAt: '2026-11-23T07:05:01.000Z' });
    await user.click(within(endpoint).getByRole('button', { name: 'Refresh the delivery log of http://127.0.0.1:9000/hook' }));
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(2));
    expect(within(log).getAllByTestId('webhook-delivery')[0]?.textContent).toContain('asset.signed');
  });

  it('deletes an endpoint only once the confirm dialog is accepted', async () => {
    const server = fakeWebhooksServer();
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('Endpoint URL'), 'https://hooks.example.org/gone');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Delete endpoint https://hooks.example.org/gone' }));
    let dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('stops receiving events at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete endpoint https://hooks.example.org/gone' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(server.deleted).toEqual(['wh-1']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Endpoint deleted', expect.anything()));
    expect(await screen.findByText(/No endpoints yet/)).toBeTruthy();
  });
});
