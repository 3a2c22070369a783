// Reproductions of a verification: as of a declared time (`at`), or under an earlier trust
// snapshot's lists. c2pa-rs reads JavaScript's clock, so a verification as of a declared time pins
// its thread's clock (the engine's validation-clock.ts): it must never run on the server's own
// thread, nor beside another task on a shared worker. They run here, on one engine worker of their
// own started on first use, one at a time, under the lists in force unless a task brings its own.
import { createEnginePool, type EnginePool, type SerializedVerification, type TaskPlacement, type TrustList } from '@provenance/engine';

type VerifyTaskOptions = NonNullable<Parameters<EnginePool['verifySerialized']>[2]>;

export interface DeclaredTimePool {
  verifySerialized(bytes: Uint8Array, mime: string, options: VerifyTaskOptions, placement?: TaskPlacement): Promise<SerializedVerification>;
  verifyFileSerialized(path: string, mime: string, options: VerifyTaskOptions, placement?: TaskPlacement): Promise<SerializedVerification>;
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
    verifySerialized: async (bytes, mime, options, placement) => (await started()).verifySerialized(bytes, mime, options, placement),
    verifyFileSerialized: async (path, mime, options, placement) => (await started()).verifyFileSerialized(path, mime, options, placement),
    async updateTrust(lists) {
      if (pool) await (await pool).updateTrust([...lists]);
    },
    async close() {
      if (pool) await (await pool.catch(() => null))?.close();
    },
  };
}
