// What happens to an account's content that the account may want to hear of: the events webhooks
// deliver and emails announce. Services that make them emit here; webhooks and notifications listen.
// A listener's failure is logged and never reaches the emitter: the signing or verification that
// caused the event has already happened and must answer as it would have.
import type { TWebhookEventType } from '@provenance/contracts';
import type { Logger } from '../../logging/logger.ts';

export interface AccountEvent {
  type: TWebhookEventType;
  accountId: string;
  /** The payload's `data`: plain JSON. */
  data: Record<string, unknown>;
  occurredAt: Date;
  /**
   * Set on an event that may be emitted twice (job.completed, announced again when a crash came
   * between emitting and recording it): the same ID each time, so listeners deduplicate on it.
   */
  eventId?: string;
}

export type AccountEventListener = (event: AccountEvent) => Promise<void>;

export interface AccountEvents {
  on(listener: AccountEventListener): void;
  /**
   * Runs every listener; resolves once all have (the durable part of each is a queued task), true
   * when every one succeeded. An emitter that can emit the event again (its own `eventId`) records
   * it as emitted only then.
   */
  emit(event: AccountEvent): Promise<boolean>;
}

export function createAccountEvents(logger: Logger): AccountEvents {
  const listeners: AccountEventListener[] = [];
  return {
    on(listener) {
      listeners.push(listener);
    },
    async emit(event) {
      const outcomes = await Promise.all(
        listeners.map((listener) =>
          listener(event).then(
            () => true,
            (error: unknown) => {
              logger.error('an account event listener failed', { type: event.type, accountId: event.accountId, error: error instanceof Error ? error.message : String(error) });
              return false;
            },
          ),
        ),
      );
      return outcomes.every(Boolean);
    },
  };
}
