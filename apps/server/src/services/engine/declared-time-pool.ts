// Reproductions of a verification: as of a declared time (`at`), or under an earlier trust
// snapshot's lists. c2pa-rs reads JavaScript's clock, so a verification as of a declared time pins
// its thread's clock (the engine's validation-clock.ts): it must never run on the server's own
// thread, nor beside another task on a shared worker. They run here, on one engine worker of their
// own started on first use, one at a time, under the lists in force unless a task brings its own.
import { createEnginePool, type EnginePool, type TaskPlacement, type TaskSource, type TrustList } from '@provenance/engine';

type VerifyTaskOptions = NonNullable<Parameters<EnginePool['verify']>[2]>;

export interface DeclaredTimePool {
  /** The engine pool's verify, on the one worker. */
  verify: EnginePool['verify'];
  /** The lists in force changed: the worker, once started, judges by these from now on. */
  updateTrust(lists: readonly TrustList[]): Promise<void>;
  close(): Promise<void>;
}

/** Few: each waits its turn on the one worker; more are refused as busy (503) rather than queued without end. */
const MAX_WAITING = 4;

export function createDeclaredTimePool(listsInForce: () => readonly TrustList[]): DeclaredTimePool {
  let pool: Promise<EnginePool> | null = null;
  const started = (): Promise<EnginePool> => {
    pool ??= createEnginePool({ workers: 1, maxQueue: MAX_WAITING, signer: null, trustAnchorPems: [...listsInForce()] }).catch((error: unknown) => {
      pool = null;
      throw error;
    });
    return pool;
  };
  return {
    verify: (async (source: TaskSource, mime: string, options: VerifyTaskOptions & { answer: 'serialized' }, placement?: TaskPlacement) => (await started()).verify(source, mime, options, placement)) as EnginePool['verify'],
    async updateTrust(lists) {
      if (pool) await (await pool).updateTrust([...lists]);
    },
    async close() {
      if (pool) await (await pool.catch(() => null))?.close();
    },
  };
}
