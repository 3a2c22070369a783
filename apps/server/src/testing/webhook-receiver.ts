// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every delivery and
// answers the statuses queued for its path in turn (the last one repeats; 204 by default), and the
// check a receiver makes, with the standardwebhooks package and the endpoint's secret.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TWebhookPayload } from '@provenance/contracts';
import { Webhook } from 'standardwebhooks';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** The URL of `path`, answering `statuses` in turn. */
  url(path: string, statuses?: number[]): string;
  readonly received: ReceivedDelivery[];
  receivedAt(path: string): ReceivedDelivery[];
  close(): void;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const plans = new Map<string, number[]>();
  const received: ReceivedDelivery[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const plan = plans.get(path) ?? [204];
      const status = plan.length > 1 ? plan.shift()! : plan[0]!;
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    url(path, statuses = [204]) {
      plans.set(path, [...statuses]);
      return `${base}${path}`;
    },
    receivedAt: (path) => received.filter((delivery) => delivery.path === path),
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The delivery's payload once its signature verifies under `secret`; throws otherwise. */
export function verifiedDelivery(delivery: ReceivedDelivery, secret: string): TWebhookPayload {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as TWebhookPayload;
}

/** Polls until `read` gives a value (deliveries are made by the queue's workers, behind the API's answers). */
export async function eventually<T>(read: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
