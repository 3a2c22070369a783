// Webhooks: an account registers endpoints (URL, the events it wants, a secret shown once) and hears
// of its events there. Each event the account has (services/account-events/account-events.ts) becomes one
// delivery per subscribed endpoint: a row in the delivery log and a task on the work queue, which
// sends it once across every server copy and retries it with exponential backoff
// (webhook-sender.ts makes each attempt). verification.failed, which anyone can cause by verifying
// failing copies, is throttled per endpoint.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { TCreateWebhookRequest, TCreatedWebhook, TWebhook, TWebhookDelivery, TWebhookEventType, TWebhookPayload } from '@provenance/contracts';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { Db } from '../../db/create-db.ts';
import type { Logger } from '../../logging/logger.ts';
import type { TaskQueue } from '../../queue/task-queue.ts';
import { DomainError } from '../domain-error.ts';
import { nameBasedUuid } from '../name-based-uuid.ts';
import type { AccountEvent, AccountEvents } from '../account-events/account-events.ts';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../rate-limits/rate-limiter.ts';
import type { KeyVault } from '../signing-identities/key-vault.ts';
import { createWebhookDeliveryLog, toWebhookDelivery, type NewWebhookDelivery } from './webhook-delivery-log.ts';
import { createWebhookEndpointStore, type WebhookEndpointRow } from './webhook-endpoint-store.ts';
import { createWebhookSender, WebhookAttemptFailed } from './webhook-sender.ts';
import { createWebhookUrlPolicy } from './webhook-url-policy.ts';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
/** Once a day, deliveries past the retention, and deleted endpoints left without deliveries, are removed. */
export const WEBHOOK_RETENTION_QUEUE = 'webhook-retention';
const RETENTION_CRON = '23 3 * * *';
/** How long the delivery log keeps a settled delivery: long enough to look into a month of failures, short enough that the table stays small. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/** verification.failed deliveries of one asset to one endpoint: one an hour. */
const PER_ASSET_ALERT_RULE: RateLimitRule = { limit: 1, windowSeconds: 60 * 60 };
/** verification.failed deliveries to one endpoint, of all its account's assets: 60 an hour. */
export const VERIFICATION_ALERT_LIMIT: RateLimitRule = { limit: 60, windowSeconds: 60 * 60 };

/** Endpoints one account may have at once. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

/** How deliveries are retried and fetched from the queue. */
export interface WebhookDeliveryPolicy {
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time (with jitter) when retryBackoff is on. */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How often each worker asks the queue for deliveries (at least 0.5); pg-boss waits this long between fetches even when busy. */
  pollingIntervalSeconds: number;
  /** Deliveries one worker fetches at once and sends in parallel. */
  batchSize: number;
  /** Workers in this process (separate fetch loops): a slow receiver holds up only its own worker's batch. */
  concurrency: number;
}

/** 9 attempts: retries after 5-10 s, 10-20 s, 20-40 s... (pg-boss's backoff with jitter), the last 21-42 minutes after the first. */
export const DEFAULT_WEBHOOK_DELIVERY_POLICY: WebhookDeliveryPolicy = { retryLimit: 8, retryDelaySeconds: 5, retryBackoff: true, pollingIntervalSeconds: 1, batchSize: 10, concurrency: 2 };

export interface Webhooks {
  /** Registers an endpoint; the answer is the only time its secret is shown. */
  register(userId: string, request: TCreateWebhookRequest): Promise<TCreatedWebhook>;
  list(userId: string): Promise<TWebhook[]>;
  /** Deletes the account's endpoint: nothing more is sent to it. Another account's is not found. */
  remove(userId: string, id: string): Promise<void>;
  /** The endpoint's deliveries, newest first, at most `limit`. */
  deliveries(userId: string, id: string, limit: number): Promise<TWebhookDelivery[]>;
  /** Queues a webhook.test delivery to the endpoint. */
  sendTest(userId: string, id: string): Promise<TWebhookDelivery>;
  /**
   * Removes deliveries older than WEBHOOK_DELIVERY_RETENTION_DAYS (settled, or pending with their
   * queue task long lost) and endpoints deleted
   * that long ago once they have none left (run daily by the work queue).
   */
  purgeExpired(): Promise<{ deliveries: number; endpoints: number }>;
}

export interface WebhooksDeps {
  db: Db;
  /** Seals the endpoints' secrets. */
  vault: KeyVault;
  /** The safe fetcher every delivery is POSTed through. */
  fetcher: SafeFetch;
  /** FETCH_ALLOW_HOSTS, to refuse at registration what the fetcher would refuse at delivery. */
  allowHosts: readonly string[];
  queue: TaskQueue;
  accountEvents: AccountEvents;
  logger: Logger;
  policy?: WebhookDeliveryPolicy | undefined;
  clock?: (() => Date) | undefined;
  /** Counts the test events each account asks for (across copies); over `rule`, a 429. */
  testLimit?: { limiter: RateLimiter; rule: RateLimitRule } | undefined;
}

/**
 * Test events an account may ask for: enough to check an endpoint while setting it up, not a way
 * to have the gateway POST signed requests at someone's server in bulk.
 */
export const DEFAULT_WEBHOOK_TEST_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 60 };

/** whsec_ and 32 random bytes in base64: the form standardwebhooks' Webhook takes. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A message ID, the webhook-id receivers deduplicate on. */
function newMessageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/**
 * The message of an event to an endpoint. An event that may be emitted again carries its own ID, and
 * its message to an endpoint is then always the same one: logged once, so sent once.
 */
export function messageIdFor(event: Pick<AccountEvent, 'eventId'>, endpointId: string): string {
  if (!event.eventId) return newMessageId();
  return `msg_${createHash('sha256').update(`${event.eventId}\0${endpointId}`).digest('hex').slice(0, 32)}`;
}

function toWebhook(row: WebhookEndpointRow): TWebhook {
  return { id: row.id, url: row.url, events: row.events as TWebhookEventType[], createdAt: row.createdAt.toISOString() };
}

export function createWebhooks(deps: WebhooksDeps): Webhooks {
  const policy = deps.policy ?? DEFAULT_WEBHOOK_DELIVERY_POLICY;
  const clock = deps.clock ?? (() => new Date());
  const endpoints = createWebhookEndpointStore(deps.db);
  const log = createWebhookDeliveryLog(deps.db);
  const checkUrl = createWebhookUrlPolicy(deps.allowHosts);
  const retry = { retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: policy.retryBackoff };
  const alertLimiter = createRateLimiter(deps.db, clock);
  const send = createWebhookSender({ endpoints, log, vault: deps.vault, fetcher: deps.fetcher, maxAttempts: policy.retryLimit + 1, clock });

  deps.queue.define<{ deliveryId: string }>({
    queue: WEBHOOK_DELIVERY_QUEUE,
    // The safe fetcher gives up after its own time limit; the expiry only catches a stuck worker.
    options: { ...retry, expireInSeconds: 5 * 60 },
    work: { batchSize: policy.batchSize, pollingIntervalSeconds: policy.pollingIntervalSeconds },
    concurrency: policy.concurrency,
    async handler(tasks) {
      // In parallel, each task failed on its own (and so retried on its own); the rest complete when the handler returns.
      await Promise.all(
        tasks.map(async (task) => {
          try {
            await send(task.data.deliveryId);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            if (!(error instanceof WebhookAttemptFailed)) deps.logger.error('a webhook delivery attempt failed unexpectedly', { deliveryId: task.data.deliveryId, error: message });
            await (await deps.queue.boss()).fail(WEBHOOK_DELIVERY_QUEUE, task.id, { message });
          }
        }),
      );
    },
  });

  async function purgeExpired() {
    const before = new Date(clock().getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    const deliveries = await log.purgeSettled(before);
    const removedEndpoints = await endpoints.purgeDeleted(before);
    if (deliveries > 0 || removedEndpoints > 0) deps.logger.info('webhook delivery log trimmed', { deliveries, endpoints: removedEndpoints, retentionDays: WEBHOOK_DELIVERY_RETENTION_DAYS });
    return { deliveries, endpoints: removedEndpoints };
  }
  deps.queue.define<object>({
    queue: WEBHOOK_RETENTION_QUEUE,
    options: { retryLimit: 1, expireInSeconds: 15 * 60 },
    handler: async () => {
      await purgeExpired();
    },
  });
  deps.queue.schedule({ queue: WEBHOOK_RETENTION_QUEUE, cron: RETENTION_CRON, tz: 'UTC' });

  /**
   * Logs the deliveries, then queues them; deliveries that could not be queued are marked failed, not
   * left pending. Those of an event that may be emitted again (`again`: it has its own ID) are queued
   * whether logged now or by an earlier emission, which a crash may have stopped between the log and
   * the queue: each under a queue task ID named by the delivery, which the queue takes once (pg-boss
   * inserts on conflict do nothing), and the sender skips a settled delivery. If they cannot be
   * queued they stay pending and the error goes to the emitter, who emits the event again later.
   */
  async function enqueue(deliveries: NewWebhookDelivery[], again = false) {
    const rows = await log.insert(deliveries);
    const queued = again ? deliveries.map((delivery) => delivery.id) : rows.map((row) => row.id);
    try {
      await deps.queue.insert(WEBHOOK_DELIVERY_QUEUE, queued.map((deliveryId) => ({ data: { deliveryId }, ...(again && { id: nameBasedUuid(`provenance-gateway/webhook-delivery/${deliveryId}`) }), ...retry })));
    } catch (error) {
      if (!again) await Promise.all(rows.map((row) => log.settle(row.id, 'failed', 'The delivery could not be queued')));
      throw error;
    }
    return rows;
  }

  function payloadOf(type: TWebhookPayload['type'], occurredAt: Date, data: Record<string, unknown>): string {
    const payload: TWebhookPayload = { type, timestamp: occurredAt.toISOString(), data };
    return JSON.stringify(payload);
  }

  /**
   * The endpoints a verification.failed may still go to: at most one per asset per hour to an
   * endpoint, and VERIFICATION_ALERT_LIMIT an hour to it in all (anyone may verify many failing
   * copies; the owner needs to hear once). Counted in the database, so across copies.
   */
  async function withinAlertLimits(subscribed: WebhookEndpointRow[], event: AccountEvent): Promise<WebhookEndpointRow[]> {
    const asset = typeof event.data.assetId === 'string' ? event.data.assetId : String(event.data.manifestId);
    const open: WebhookEndpointRow[] = [];
    for (const endpoint of subscribed) {
      if (!(await alertLimiter.hit(`webhook-alert:${endpoint.id}:${asset}`, PER_ASSET_ALERT_RULE)).allowed) continue;
      if (!(await alertLimiter.hit(`webhook-alert:${endpoint.id}`, VERIFICATION_ALERT_LIMIT)).allowed) continue;
      open.push(endpoint);
    }
    if (open.length < subscribed.length) deps.logger.info('verification.failed held back from endpoints over their alert limit', { accountId: event.accountId, asset, endpoints: subscribed.length - open.length });
    return open;
  }

  async function fanOut(event: AccountEvent): Promise<void> {
    const listening = await endpoints.subscribers(event.accountId, event.type);
    const subscribed = event.type === 'verification.failed' ? await withinAlertLimits(listening, event) : listening;
    if (subscribed.length === 0) return;
    const payload = payloadOf(event.type, event.occurredAt, event.data);
    await enqueue(
      subscribed.map((endpoint) => ({ id: messageIdFor(event, endpoint.id), endpointId: endpoint.id, type: event.type, payload })),
      event.eventId !== undefined,
    );
  }
  deps.accountEvents.on(fanOut);

  async function ownedEndpoint(userId: string, id: string): Promise<WebhookEndpointRow> {
    const endpoint = await endpoints.findActive(userId, id);
    if (!endpoint) throw DomainError.notFound(`No webhook ${id}`);
    return endpoint;
  }

  return {
    async register(userId, request) {
      const url = checkUrl(request.url).href;
      if ((await endpoints.countActive(userId)) >= MAX_WEBHOOK_ENDPOINTS) {
        throw new DomainError('conflict', 'webhook_limit', `An account may have at most ${MAX_WEBHOOK_ENDPOINTS} webhooks; delete one first`);
      }
      const secret = newSecret();
      const events = [...new Set(request.events)];
      const row = await endpoints.insert({ id: randomUUID(), userId, url, events, sealedSecret: deps.vault.seal(secret) });
      return { ...toWebhook(row), secret };
    },
    async list(userId) {
      return (await endpoints.listActive(userId)).map(toWebhook);
    },
    async remove(userId, id) {
      if (!(await endpoints.markDeleted(userId, id, clock()))) throw DomainError.notFound(`No webhook ${id}`);
    },
    async deliveries(userId, id, limit) {
      const endpoint = await ownedEndpoint(userId, id);
      return (await log.list(endpoint.id, limit)).map(toWebhookDelivery);
    },
    async sendTest(userId, id) {
      const endpoint = await ownedEndpoint(userId, id);
      if (deps.testLimit) {
        const decision = await deps.testLimit.limiter.hit(`webhook-test:account:${userId}`, deps.testLimit.rule);
        if (!decision.allowed) throw DomainError.rateLimited(decision.retryAfterSeconds);
      }
      const occurredAt = clock();
      const data = { webhookId: endpoint.id, message: 'A test event from Provenance Gateway: this endpoint receives signed deliveries.' };
      const [row] = await enqueue([{ id: newMessageId(), endpointId: endpoint.id, type: 'webhook.test', payload: payloadOf('webhook.test', occurredAt, data) }]);
      if (!row) throw new Error('the test delivery was not logged');
      return toWebhookDelivery(row);
    },
    purgeExpired,
  };
}
