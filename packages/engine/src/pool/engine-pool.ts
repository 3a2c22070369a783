/**
 * A pool of engine worker threads. WebAssembly runs on one thread, so one Node process verifies on
 * one core; the pool spreads sign, timestamp and verify tasks over one worker per core (configurable). The
 * queue is bounded: when every worker is busy and the queue is full, a task is refused at once
 * with EngineBusyError, so callers can answer 503 with Retry-After instead of piling up memory.
 *
 * A sign task waiting for the network (its remote signer's signature, its timestamp: carried by this
 * thread, since workers never fetch) does not hold its worker: while it waits the worker counts as
 * free and takes other tasks, so a signing service that never answers cannot stop verification.
 * Signings in flight (running or waiting) are bounded (`maxSignings`): past it, sign tasks wait in
 * the queue while other tasks go past them. Tasks of callers over their fair share wait behind the
 * others' (TaskPlacement).
 *
 * A worker's WebAssembly memory grows to hold the largest file c2pa-wasm read whole and never
 * shrinks, so a worker whose memory passed `maxWorkerMemoryBytes` takes no new task and is replaced
 * by a fresh one once its tasks are done: one large upload does not keep its memory for ever.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileOnDisk, TaskSource } from '../asset-source.ts';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { EngineRemoteSignReply, EngineRemoteSignRequest, EngineReply, EngineTimestampReply, EngineTimestampRequest, EngineTrustUpdate, EngineTrustUpdated, VerifyTaskOptions } from './engine-protocol.ts';
import type { TrustSource } from '../trust/trust-store.ts';
import { compileC2pa } from '../c2pa/wasm.ts';
import { EngineBusyError, type EnginePool, type EnginePoolOptions, type EngineWorkerData, type PoolSignOptions, type PoolTimestampOptions, type TaskPlacement } from './engine-pool-api.ts';
import { buffersOf, materialOf, ownCopies, rebuildError, remoteOf, type TaskInput } from './task-crossing.ts';
import { transferablesOf } from './transferables.ts';

export { EngineBusyError, type EnginePool, type EnginePoolOptions, type EngineWorkersState, type EngineWorkerData, type PoolTimestampOptions, type TaskPlacement } from './engine-pool-api.ts';

// Run from TypeScript source (tsx, vitest), a worker first registers the TypeScript loader
// (engine-worker-entry.js). Compiled, this module sits in the server's bundle, whose build emits the
// worker as engine-worker.js next to it, already JavaScript.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./engine-worker-entry.js', import.meta.url) : new URL('./engine-worker.js', import.meta.url);

/**
 * A worker and its tasks that compute now (not those waiting on this thread): free when none does.
 * Once its memory passed the bound, its `successor` starts while it goes on working; when that one is
 * ready the worker is `retiring`: it takes no new task, and the successor takes its place once none is on it.
 */
type Slot = {
  worker: Worker;
  active: number;
  successor: { started: Promise<void>; worker?: Worker; trust: TrustSource[] } | null;
  retiring: boolean;
  trustPending: number;
  wasmMemoryBytes: number;
};
/** A task on a worker; `waits` counts its requests this thread carries (remote signature, timestamp). */
type Running = { slot: Slot; signing: boolean; overShare: boolean; waits: number; resolve: (value: unknown) => void; reject: (error: Error) => void };
type Waiting = { task: TaskInput; remoteSigner?: ClaimSigner; remoteIdentity?: ClaimSigner; resolve: (value: unknown) => void; reject: (error: Error) => void };

export async function createEnginePool(options: EnginePoolOptions): Promise<EnginePool> {
  const size = Math.max(1, options.workers ?? availableParallelism());
  const maxQueue = options.maxQueue ?? size * 32;
  const maxSignings = Math.max(1, options.maxSignings ?? size * 8);
  const { timestampTransport } = options;
  // Compiled once here and shared: each worker instantiates it instead of compiling 9 MB of WebAssembly.
  const c2paModule = await compileC2pa();
  const config: EngineWorkerData = { signer: options.signer, trustAnchorPems: options.trustAnchorPems, timestamps: Boolean(timestampTransport), c2paModule };
  const transferBytes = options.transferBytes ?? false;
  const maxWorkerMemoryBytes = options.maxWorkerMemoryBytes ?? 64 * 1024 * 1024;
  // The trust lists in force, which a replacement worker starts with.
  let trustAnchorPems = options.trustAnchorPems;
  let replaced = 0;
  let closed = false;
  const inFlight = new Map<number, Running>();
  let signingsInFlight = 0;
  const queue: Waiting[] = [];
  // Tasks of callers over their share (TaskPlacement): started only when no other task may start.
  const overShareQueue: Waiting[] = [];
  // Workers such tasks may compute on at once: half (at least one), the rest kept for the others'.
  const overShareWorkers = Math.max(1, Math.floor(size / 2));
  let overShareRunning = 0;
  const trustUpdates = new Map<number, { slot: Slot; resolve: () => void; reject: (error: Error) => void }>();
  // The remote signers of tasks in flight, by task id: the worker asks for each signature by it.
  const remoteSigners = new Map<number, ClaimSigner>();
  // The remote credentials of named actors (CAWG identity assertions) of tasks in flight, likewise.
  const remoteIdentities = new Map<number, ClaimSigner>();
  let nextId = 1;

  /** A worker started with the trust lists in force, once it says it is ready (c2pa-wasm instantiated). */
  async function startWorker(): Promise<Worker> {
    const worker = new Worker(WORKER_ENTRY, { workerData: { ...config, trustAnchorPems } satisfies EngineWorkerData });
    await new Promise<void>((ready, failed) => {
      worker.once('message', () => ready());
      worker.once('error', failed);
    });
    return worker;
  }

  /** The slot's worker answers its tasks, carries its requests, and fails its tasks if it dies. */
  function attach(slot: Slot, worker: Worker): void {
    worker.on('message', (reply: EngineReply | EngineTrustUpdated | EngineTimestampRequest | EngineRemoteSignRequest) => {
      if ('control' in reply && reply.control === 'timestamp-request') {
        carryTimestampRequest(slot, reply);
        return;
      }
      if ('control' in reply && reply.control === 'remote-sign-request') {
        carryRemoteSignRequest(slot, reply);
        return;
      }
      if ('control' in reply) {
        trustUpdates.get(reply.id)?.resolve();
        trustUpdates.delete(reply.id);
        slot.trustPending -= 1;
        replaceIfDue(slot);
        return;
      }
      const entry = inFlight.get(reply.id);
      if (!entry) return;
      finish(reply.id, entry);
      if (reply.wasmMemoryBytes !== undefined) {
        slot.wasmMemoryBytes = reply.wasmMemoryBytes;
        if (reply.wasmMemoryBytes > maxWorkerMemoryBytes) startSuccessor(slot);
      }
      if (reply.ok) entry.resolve(reply.result);
      else entry.reject(rebuildError(reply.error));
      replaceIfDue(slot);
      dispatch();
    });
    worker.on('error', (error) => {
      for (const [id, entry] of inFlight) {
        if (entry.slot === slot) {
          finish(id, entry);
          entry.reject(error);
        }
      }
      for (const [id, update] of trustUpdates) {
        trustUpdates.delete(id);
        update.slot.trustPending -= 1;
        update.reject(error);
      }
    });
  }

  const slots: Slot[] = await Promise.all(
    Array.from({ length: size }, async () => {
      const worker = await startWorker();
      const slot: Slot = { worker, active: 0, successor: null, retiring: false, trustPending: 0, wasmMemoryBytes: 0 };
      attach(slot, worker);
      return slot;
    }),
  );

  /** Tasks on the slot's worker, those waiting on this thread included. */
  const tasksOn = (slot: Slot): number => [...inFlight.values()].filter((entry) => entry.slot === slot).length;

  /**
   * A worker past the bound: its successor starts (about a second) while it goes on taking tasks, so
   * the pool never waits for a worker to start; once the successor is ready, the worker retires. A
   * successor that fails to start is given up: the next task past the bound tries again.
   */
  function startSuccessor(slot: Slot): void {
    if (slot.successor || closed) return;
    const trust = trustAnchorPems;
    const successor: NonNullable<Slot['successor']> = {
      trust,
      started: startWorker().then(
        (worker) => {
          if (closed) return void worker.terminate();
          successor.worker = worker;
          // A successor that dies before taking its place is given up: the worker it was to replace works on.
          worker.once('exit', () => {
            if (slot.successor !== successor) return;
            slot.successor = null;
            slot.retiring = false;
            dispatch();
          });
          slot.retiring = true;
          replaceIfDue(slot);
        },
        () => {
          slot.successor = null;
        },
      ),
    };
    slot.successor = successor;
  }

  /**
   * A retiring worker with nothing left on it (no task, no trust update) is ended, which frees its
   * WebAssembly memory, and its successor takes its place, given the trust lists in force if they
   * changed while it started (before any task: a worker takes its messages in order).
   */
  function replaceIfDue(slot: Slot): void {
    const successor = slot.successor?.worker;
    if (!slot.retiring || !successor || closed || tasksOn(slot) > 0 || slot.trustPending > 0) return;
    const old = slot.worker;
    attach(slot, successor);
    slot.worker = successor;
    if (slot.successor!.trust !== trustAnchorPems) sendTrust(slot, trustAnchorPems).catch(() => undefined);
    slot.successor = null;
    slot.retiring = false;
    slot.wasmMemoryBytes = 0;
    replaced += 1;
    void old.terminate();
    dispatch();
  }

  /** Gives the slot's worker new trust lists; resolves once it uses them. */
  function sendTrust(slot: Slot, lists: TrustSource[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const id = nextId++;
      trustUpdates.set(id, { slot, resolve, reject });
      slot.trustPending += 1;
      slot.worker.postMessage({ control: 'set-trust', id, trustAnchorPems: lists } satisfies EngineTrustUpdate);
    });
  }

  /** A worker that may take a task now: free, and not being replaced. */
  const isFree = (slot: Slot): boolean => slot.active === 0 && !slot.retiring;

  /** A task done or failed: its worker's count and the signings' count let go of it. */
  function finish(id: number, entry: Running): void {
    inFlight.delete(id);
    remoteSigners.delete(id);
    remoteIdentities.delete(id);
    if (entry.waits === 0) entry.slot.active -= 1;
    if (entry.signing) signingsInFlight -= 1;
    if (entry.overShare) overShareRunning -= 1;
  }

  /**
   * The task waits on this thread until `answer` is sent: its worker is free for other tasks meanwhile.
   * The returned function sends the answer, and the task computes on its worker again.
   */
  function waitOnThisThread<Reply>(taskId: number, send: (reply: Reply) => void): (reply: Reply) => void {
    const entry = inFlight.get(taskId);
    if (entry) {
      entry.waits += 1;
      if (entry.waits === 1) {
        entry.slot.active -= 1;
        dispatch();
      }
    }
    return (reply) => {
      if (entry && inFlight.get(taskId) === entry) {
        entry.waits -= 1;
        if (entry.waits === 0) entry.slot.active += 1;
      }
      send(reply);
    };
  }

  /** A worker's TimeStampReq goes out through the caller's transport; the reply goes back to it. */
  function carryTimestampRequest(slot: Slot, { id, taskId, request }: EngineTimestampRequest): void {
    const answer = waitOnThisThread(taskId, (reply: Omit<EngineTimestampReply, 'control' | 'id'>) => slot.worker.postMessage({ control: 'timestamp-reply', id, ...reply } satisfies EngineTimestampReply));
    if (!timestampTransport) {
      answer({ error: 'This engine pool has no time-stamping authority.' });
      return;
    }
    timestampTransport(request).then(
      (response) => answer({ response }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  }

  /** A worker's request for a signature goes to its task's remote signer here; the signature goes back. */
  function carryRemoteSignRequest(slot: Slot, { id, taskId, data, credential }: EngineRemoteSignRequest): void {
    const answer = waitOnThisThread(taskId, (reply: Omit<EngineRemoteSignReply, 'control' | 'id'>) => slot.worker.postMessage({ control: 'remote-sign-reply', id, ...reply } satisfies EngineRemoteSignReply));
    const remote = (credential === 'identity' ? remoteIdentities : remoteSigners).get(taskId);
    if (!remote) {
      answer({ error: 'This task has no remote signer.' });
      return;
    }
    remote.sign(data).then(
      (signature) => answer({ signature }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  }

  // A timestamp task signs its update manifest and waits for the authority as a signing does.
  const isSigning = (task: TaskInput): boolean => task.kind !== 'verify';
  /** May start now on a free worker: any task but a signing past `maxSignings`. */
  const mayStart = (task: TaskInput): boolean => !isSigning(task) || signingsInFlight < maxSignings;

  function dispatch(): void {
    for (const slot of slots) {
      if (!isFree(slot)) continue;
      const index = queue.findIndex((waiting) => mayStart(waiting.task));
      const fromOverShare = index < 0 && overShareQueue.length > 0 && overShareRunning < overShareWorkers;
      if (index < 0 && !fromOverShare) return;
      const next = fromOverShare ? overShareQueue.shift()! : queue.splice(index, 1)[0]!;
      slot.active += 1;
      const signing = isSigning(next.task);
      if (signing) signingsInFlight += 1;
      if (fromOverShare) overShareRunning += 1;
      const id = nextId++;
      inFlight.set(id, { slot, signing, overShare: fromOverShare, waits: 0, resolve: next.resolve, reject: next.reject });
      if (next.remoteSigner) remoteSigners.set(id, next.remoteSigner);
      if (next.remoteIdentity) remoteIdentities.set(id, next.remoteIdentity);
      const task = transferBytes ? next.task : ownCopies(next.task);
      slot.worker.postMessage({ ...task, id }, transferablesOf(buffersOf(task)));
    }
  }

  function submit<T>(task: TaskInput, remoteSigner?: ClaimSigner, placement: TaskPlacement = {}, remoteIdentity?: ClaimSigner): Promise<T> {
    const startsNow = mayStart(task) && slots.some(isFree);
    const waiting = queue.length + overShareQueue.length;
    // Tasks over share are queued whenever their workers are busy (an idle worker may be one kept for the others).
    if (placement.overShare ? waiting >= Math.ceil(maxQueue / 2) : !startsNow && waiting >= maxQueue) return Promise.reject(new EngineBusyError(1));
    return new Promise<T>((resolve, reject) => {
      (placement.overShare ? overShareQueue : queue).push({ task, ...(remoteSigner && { remoteSigner }), ...(remoteIdentity && { remoteIdentity }), resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    size,
    sign: ((source: Uint8Array | FileOnDisk, mime: string, metadata: SigningMetadata, { signer, identity, ...options }: PoolSignOptions = {}) => {
      const crossing = { ...materialOf(signer, 'signer'), ...materialOf(identity, 'identity') };
      return submit({ kind: 'sign', source, mime, metadata, options, ...crossing }, remoteOf(signer), {}, remoteOf(identity));
    }) as EnginePool['sign'],
    addTimestamp: ((source: Uint8Array | FileOnDisk, mime: string, { signer, ...options }: PoolTimestampOptions = {}) =>
      submit({ kind: 'timestamp', source, mime, options, ...materialOf(signer, 'signer') }, remoteOf(signer))) as EnginePool['addTimestamp'],
    verify: ((source: TaskSource, mime: string, options: VerifyTaskOptions = {}, placement?: TaskPlacement) => submit({ kind: 'verify', source, mime, options }, undefined, placement)) as EnginePool['verify'],
    idle: () => slots.filter(isFree).length,
    async updateTrust(lists) {
      trustAnchorPems = lists;
      // Sent to each worker directly, not through the queue: every worker must take it, busy or not
      // (a successor still starting is given them when it takes its place).
      await Promise.all(slots.map((slot) => sendTrust(slot, lists)));
    },
    pending: () => inFlight.size + queue.length + overShareQueue.length,
    workers: () => ({ replaced, wasmMemoryBytes: slots.map((slot) => slot.wasmMemoryBytes) }),
    async close() {
      closed = true;
      await Promise.all(
        slots.map(async (slot) => {
          const successor = slot.successor;
          await slot.worker.terminate();
          // A successor still starting ends itself once started (closed).
          await successor?.started;
          await successor?.worker?.terminate();
        }),
      );
    },
  };
}
