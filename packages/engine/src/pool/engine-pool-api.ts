/**
 * What callers of the engine pool (engine-pool.ts) see: its options, its three operations (sign,
 * timestamp and verify, over any source a task can carry) and the refusal of a task when it is busy.
 */
import type { FileOnDisk, TaskSource } from '../asset-source.ts';
import type { DiskSignResult } from '../io/sign-file.ts';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import type { DiskTimestampResult, TimestampUpdateResult } from '../manifest/timestamp-update.ts';
import type { SerializedVerification, VerifyResponse } from '../report/verification-report.ts';
import type { SignResult } from '../sign.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { TimestampTransport } from '../signer/rfc3161-timestamper.ts';
import type { TrustSource } from '../trust/trust-store.ts';
import type { EngineWorkerConfig, SignerMaterial, SignTaskOptions, TimestampTaskOptions, VerifyTaskOptions } from './engine-protocol.ts';

export class EngineBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The verification engine is busy; try again shortly.');
    this.name = 'EngineBusyError';
  }
}

/**
 * Where a task waits for a worker. A task of a caller over its fair share (the server refused its
 * client lately) waits behind every task of callers that are not, may take only half the queue, and
 * runs on only half the workers (at least one): the rest of the engine stays for the others, however
 * much the one floods.
 */
export interface TaskPlacement {
  overShare?: boolean;
}

export interface EnginePoolOptions extends Omit<EngineWorkerConfig, 'timestamps'> {
  /**
   * Timestamps every signature: carries a worker's TimeStampReq to the authority (an HTTP POST
   * through the caller's safe fetcher) and returns the reply. The workers never fetch.
   */
  timestampTransport?: TimestampTransport;
  /** Worker threads; defaults to the number of cores. */
  workers?: number;
  /** Tasks waiting beyond those running; more are refused with EngineBusyError. */
  maxQueue?: number;
  /**
   * Sign tasks in flight at once, those waiting on this thread for a signature or timestamp
   * included (each holds its file in a worker); default 8 per worker. More wait in the queue.
   */
  maxSignings?: number;
  /**
   * Hand each task's bytes over by transfer as they are (16 MB: under 1 ms), instead of copying
   * them once into buffers that are transferred (16 MB: 2 to 9 ms here; structured cloning took 10
   * to 19 ms). The caller's buffers (the file, a sidecar manifest, a remote manifest) are detached
   * once the task is submitted, so only a caller that never reads them afterwards may set this.
   * Views that share their buffer with other data are still copied.
   */
  transferBytes?: boolean;
  /**
   * A worker whose c2pa-wasm memory is past this after a task is replaced by a fresh worker once its
   * tasks are done (WebAssembly memory never shrinks; a 30 MB JPEG read whole grows it to about
   * 120 MB). Default 64 MB: a file of more than about 16 MB that c2pa-wasm reads whole.
   */
  maxWorkerMemoryBytes?: number;
}

/** What the pool's workers hold, for operators and tests. */
export interface EngineWorkersState {
  /** Workers replaced because their c2pa-wasm memory passed the bound, since the pool started. */
  replaced: number;
  /** Each worker's c2pa-wasm memory after its last task (0 for a worker that has run none). */
  wasmMemoryBytes: number[];
}

/** What a worker starts with: its configuration and c2pa-wasm already compiled by the pool. */
export interface EngineWorkerData extends EngineWorkerConfig {
  c2paModule: WebAssembly.Module;
}

/** A sign task's options, and its signer when not the pool's. */
/** `signer`: the claim signer (material for the worker, or a signer that stays on this thread); `identity`: the organisation named as the manifest's actor (its CAWG identity assertion), its credential given as `signer` is. */
export type PoolSignOptions = SignTaskOptions & { signer?: SignerMaterial | ClaimSigner | undefined; identity?: SignerMaterial | ClaimSigner | undefined };

/** A timestamp task's options, and the signer of its update manifest when not the pool's (given as a sign task's `signer` is). */
export type PoolTimestampOptions = TimestampTaskOptions & { signer?: SignerMaterial | ClaimSigner | undefined };

export interface EnginePool {
  readonly size: number;
  /**
   * Signs the asset with `options.signer` when given (an account's identity: a key and chain for the
   * worker, or a signer that stays on this thread, a remote signing service, asked by the worker for
   * each signature), else with the pool's signer. A file on disk (an MP4, MOV, M4A, HEIC, HEIF or
   * AVIF) is signed into `options.output` without its bytes crossing threads: the worker hashes the
   * file as it streams and copies it (io/sign-file.ts).
   */
  sign(source: Uint8Array, mime: string, metadata: SigningMetadata, options?: PoolSignOptions): Promise<SignResult>;
  sign(source: FileOnDisk, mime: string, metadata: SigningMetadata, options: PoolSignOptions & { output: string }): Promise<DiskSignResult>;
  /**
   * Adds a trusted timestamp to a file signed without one (manifest/timestamp-update.ts: an update
   * manifest, the content untouched), its tokens asked through the pool's `timestampTransport` as a
   * signing's are, the update manifest signed by `options.signer` or the pool's signer. A file on disk
   * (an MP4, MOV, M4A, HEIC, HEIF or AVIF) is timestamped into `options.output`, streamed and never
   * held whole. NothingToTimestampError when the file has no signature a timestamp could still keep
   * valid; TimestampError when the authority gives none (or the pool has none).
   */
  addTimestamp(source: Uint8Array, mime: string, options?: PoolTimestampOptions): Promise<TimestampUpdateResult>;
  addTimestamp(source: FileOnDisk, mime: string, options: PoolTimestampOptions & { output: string }): Promise<DiskTimestampResult>;
  /**
   * Verifies the asset on a worker: bytes (transferred), a file on disk the worker reads as the engine
   * asks (a video of any size costs the chunks in flight, not its size), or a file still arriving
   * (filling-source.ts: the caller writes it into shared memory and fails it if it stops; a failed
   * file fails the task at once). `answer: 'serialized'` serializes it in the worker.
   */
  verify(source: TaskSource, mime: string, options?: VerifyTaskOptions & { answer?: 'report' }, placement?: TaskPlacement): Promise<VerifyResponse>;
  verify(source: TaskSource, mime: string, options: VerifyTaskOptions & { answer: 'serialized' }, placement?: TaskPlacement): Promise<SerializedVerification>;
  /** Workers computing no task (those whose tasks all wait on this thread count): a task submitted now starts at once. */
  idle(): number;
  /**
   * Gives every worker a new trust store (refreshed trust lists); resolves once all use it. Tasks
   * already running finish under the store they began with.
   */
  updateTrust(trustAnchorPems: TrustSource[]): Promise<void>;
  /** Tasks running or waiting. */
  pending(): number;
  workers(): EngineWorkersState;
  close(): Promise<void>;
}
