/**
 * How a task and its answer cross between the pool's thread and a worker: the task's buffers copied
 * once and transferred, a remote signer reduced to what the worker needs, a worker's error rebuilt
 * as the engine's typed error.
 */
import { MalformedAssetError, ProvenanceError, RemoteManifestError, SigningError, TimestampError, UnsupportedFormatError, type ProvenanceErrorCode } from '../errors.ts';
import { NothingToTimestampError } from '../manifest/timestamp-update.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { EngineReply, EngineTask, RemoteSignerMaterial, SignerMaterial } from './engine-protocol.ts';

/** A task as submitted, before the pool gives it an id (distributes over the union: each kind keeps its fields). */
export type TaskInput = EngineTask extends infer Task ? (Task extends EngineTask ? Omit<Task, 'id'> : never) : never;

export function rebuildError(error: Extract<EngineReply, { ok: false }>['error']): Error {
  const code = error.code as ProvenanceErrorCode | undefined;
  // Before signing_failed, whose subclass it is: a file with nothing to timestamp is no failed signing.
  if (error.name === 'NothingToTimestampError') return Object.assign(new NothingToTimestampError(''), { message: error.message });
  if (code === 'remote_manifest') return new RemoteManifestError(error.url ?? null, error.detail);
  if (code === 'unsupported_format') return Object.assign(new UnsupportedFormatError('', error.detail), { message: error.message });
  if (code === 'malformed_asset') return Object.assign(new MalformedAssetError('', error.detail), { message: error.message });
  if (code === 'signing_failed') return new SigningError(error.message, error.detail);
  if (code === 'timestamp_failed') return new TimestampError(error.message, error.detail);
  if (code) return new ProvenanceError(code, error.message, error.detail);
  return Object.assign(new Error(error.message), { name: error.name });
}

/** What crosses to the worker of a signer that stays on this thread: its algorithm and chain. */
export function remoteMaterialOf(signer: ClaimSigner): RemoteSignerMaterial {
  return { kind: 'remote', alg: signer.alg, certificateChain: [...signer.certificateChain], ...(signer.reserveSlack !== undefined && { reserveSlack: signer.reserveSlack }) };
}

/** A task's claim signer or named actor as it crosses to the worker: its material, or a remote one's algorithm and chain. */
export function materialOf<K extends 'signer' | 'identity'>(given: SignerMaterial | ClaimSigner | undefined, key: K): Partial<Record<K, SignerMaterial | RemoteSignerMaterial>> {
  if (!given) return {};
  return { [key]: 'sign' in given ? remoteMaterialOf(given) : given } as Partial<Record<K, SignerMaterial | RemoteSignerMaterial>>;
}

/** The signer that stays on this thread (a remote signing service), when the given one is. */
export const remoteOf = (given: SignerMaterial | ClaimSigner | undefined): ClaimSigner | undefined => (given && 'sign' in given ? given : undefined);

/**
 * The task with its bytes copied into buffers of their own, to be transferred: one copy, where
 * structured cloning copies twice (serialize, deserialize), and a view of a larger buffer would
 * clone all of that buffer. The caller keeps its bytes.
 */
export function ownCopies(task: TaskInput): TaskInput {
  const source = task.source instanceof Uint8Array ? new Uint8Array(task.source) : task.source;
  if (task.kind !== 'verify') return { ...task, source } as TaskInput;
  const { manifest, remoteManifest } = task.options;
  return {
    ...task,
    source,
    options: { ...task.options, ...(manifest && { manifest: new Uint8Array(manifest) }), ...(remoteManifest && { remoteManifest: { ...remoteManifest, bytes: new Uint8Array(remoteManifest.bytes) } }) },
  };
}

/** The buffers a task hands over by transfer: the asset's bytes in memory, a sidecar, a remote manifest. */
export function buffersOf(task: TaskInput): (Uint8Array | undefined)[] {
  const bytes = task.source instanceof Uint8Array ? task.source : undefined;
  return task.kind !== 'verify' ? [bytes] : [bytes, task.options.manifest, task.options.remoteManifest?.bytes];
}
