/** Messages between the engine pool and its worker threads. */
import type { FileOnDisk, TaskSource } from '../asset-source.ts';
import type { SignOptions, SignResult } from '../sign.ts';
import type { DiskSignResult } from '../io/sign-file.ts';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import type { DiskTimestampResult, TimestampUpdateResult } from '../manifest/timestamp-update.ts';
import type { SerializedVerification, VerifyResponse } from '../report/verification-report.ts';
import type { SigningAlgorithm } from '../signer/algorithms.ts';
import type { TrustSource } from '../trust/trust-store.ts';
import type { TrustList } from '../trust/trust-store.ts';

/** A signing identity's key and chain as they cross to a worker; never logged. */
export interface SignerMaterial {
  privateKeyPem: string;
  certificateChainPem: string;
  alg?: SigningAlgorithm;
}

/**
 * A signer whose key is not in this process (a remote signing service): only its algorithm and
 * chain cross to the worker, which asks the pool for each signature (EngineRemoteSignRequest).
 */
export interface RemoteSignerMaterial {
  kind: 'remote';
  alg: SigningAlgorithm;
  /** DER, the signing certificate first. */
  certificateChain: Uint8Array[];
  reserveSlack?: number;
}

/**
 * A worker asks the pool for a signature over `data` by the task's remote signer. Until the reply
 * the task waits on the pool's thread, and the pool gives the worker other tasks meanwhile.
 */
export interface EngineRemoteSignRequest {
  control: 'remote-sign-request';
  id: number;
  taskId: number;
  data: Uint8Array;
  /** Whose signature: the claim signer's (absent) or the named actor's, for its CAWG identity assertion. */
  credential?: 'identity';
}

export interface EngineRemoteSignReply {
  control: 'remote-sign-reply';
  id: number;
  signature?: Uint8Array;
  error?: string;
}

export interface EngineWorkerConfig {
  /** The default signer; a sign task may bring its own (an account's signing identity). */
  signer: SignerMaterial | null;
  /**
   * Every signature is timestamped: the worker builds each TimeStampReq and asks the pool to carry
   * it to the authority (EngineTimestampRequest), since a worker never touches the network.
   */
  timestamps?: boolean;
  /** PEM texts (unnamed custom lists) or named trust lists with their tiers. */
  trustAnchorPems: TrustSource[];
}

export interface VerifyTaskOptions {
  thumbnails?: boolean;
  remoteManifest?: { url: string; bytes: Uint8Array };
  /** The asset's .c2pa sidecar, to verify the pair. */
  manifest?: Uint8Array;
  /**
   * Validate as of this instant (ms since the epoch): the worker pins its clock for the task, so it
   * must be the worker's only task (see the gateway's pool for such tasks); otherwise it is refused.
   */
  at?: number;
  /**
   * Verify under these lists instead of the worker's (an earlier trust snapshot, reproduced): the
   * worker builds their store once and keeps a few.
   */
  trustLists?: TrustList[];
  /** Also answer c2pa-rs's crJSON of the file (SerializedVerification.crJson); a file read in memory only. */
  crJson?: boolean;
  /** The answer's form: the response (default), or serialized in the worker (SerializedVerification). */
  answer?: 'report' | 'serialized';
}

/**
 * Sign options that cross to a worker: no clock, timestamps come from the pool's configuration, the
 * signer is the task's own (`signer`) or the pool's, and the named actor crosses as the task's
 * `identity` material. `output`: a file on disk is signed into it.
 */
export type SignTaskOptions = Omit<SignOptions, 'now' | 'timestamper' | 'signer' | 'identity'> & {
  output?: string;
  /** Sign without asking the pool's time-stamping authority (it did not answer: the caller adds the timestamp later). */
  withoutTimestamp?: boolean;
};

/**
 * A timestamp task's options: its timestamps come from the pool's transport, as a sign task's do,
 * and its update manifest is signed by the task's signer or the pool's. `output`: a file on disk is
 * timestamped into it (manifest/timestamp-from-disk.ts).
 */
export interface TimestampTaskOptions {
  output?: string;
}

/**
 * The organisation a sign task names as its actor (a CAWG identity assertion, signer/identity-assertion.ts):
 * its key and chain, or, for a remote signing service, its algorithm and chain (the worker asks the
 * pool for its signature with EngineRemoteSignRequest.credential 'identity').
 */
export type IdentityMaterial = SignerMaterial | RemoteSignerMaterial;

/** A worker asks the pool to carry a DER TimeStampReq to the time-stamping authority (the task waits as for a remote signature). */
export interface EngineTimestampRequest {
  control: 'timestamp-request';
  id: number;
  /** The sign or timestamp task that asks. */
  taskId: number;
  request: Uint8Array;
}

/** The pool's answer: the authority's DER TimeStampResp, or why there is none. */
export interface EngineTimestampReply {
  control: 'timestamp-reply';
  id: number;
  response?: Uint8Array;
  error?: string;
}

/**
 * A task for a worker: the asset's bytes in memory (transferred), a file on disk the worker reads as
 * the engine asks (a video of any size crosses no thread and is never held whole), or a file still
 * arriving in memory shared with the pool's thread (filling-source.ts), verified as its bytes come.
 */
export type EngineTask =
  | { id: number; kind: 'verify'; source: TaskSource; mime: string; options: VerifyTaskOptions }
  | { id: number; kind: 'sign'; source: Uint8Array | FileOnDisk; mime: string; metadata: SigningMetadata; options: SignTaskOptions; signer?: SignerMaterial | RemoteSignerMaterial; identity?: IdentityMaterial }
  | { id: number; kind: 'timestamp'; source: Uint8Array | FileOnDisk; mime: string; options: TimestampTaskOptions; signer?: SignerMaterial | RemoteSignerMaterial };

/** Replaces a worker's trust store (trust lists refreshed); answered once the new store is in use. */
export interface EngineTrustUpdate {
  control: 'set-trust';
  id: number;
  trustAnchorPems: TrustSource[];
}

export interface EngineTrustUpdated {
  control: 'trust-set';
  id: number;
  /** The worker's new TrustStore.version. */
  version: string;
}

/** Every task's reply carries the worker's c2pa-wasm memory after it (`wasmMemoryBytes`), which never shrinks: the pool replaces a worker past its bound. */
export type EngineReply =
  | { id: number; ok: true; result: SignResult | DiskSignResult | TimestampUpdateResult | DiskTimestampResult | VerifyResponse | SerializedVerification; wasmMemoryBytes?: number }
  | { id: number; ok: false; error: { name: string; code?: string; message: string; detail?: string; url?: string | null }; wasmMemoryBytes?: number };
