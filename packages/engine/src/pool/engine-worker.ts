/**
 * One engine worker thread: loads c2pa-wasm once, builds the signer and trust store once from the
 * pool's configuration, and answers sign, timestamp and verify tasks (a task's file on disk it reads itself, as
 * the engine asks for ranges, and a signed one it writes: the only I/O of a worker). A sign task that waits for its remote
 * signature or its timestamp waits on the pool's thread: this thread takes other tasks meanwhile,
 * and the signing goes on between them once the answer comes (c2pa-wasm's signing is a future,
 * whose state lives in its own builder while it awaits the callback).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { guardNetwork } from '../c2pa/network-guard.ts';
import { ProvenanceError, RemoteManifestError, TimestampError } from '../errors.ts';
import { addTimestamp } from '../manifest/timestamp-update.ts';
import { addTimestampFromDisk } from '../manifest/timestamp-from-disk.ts';
import { sign } from '../sign.ts';
import { createHash } from 'node:crypto';
import { createPemSigner, type ClaimSigner } from '../signer/claim-signer.ts';
import { createRfc3161Timestamper, type Timestamper } from '../signer/rfc3161-timestamper.ts';
import { createTrustStore, type TrustList, type TrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { isFileOnDisk } from '../asset-source.ts';
import { c2paMemoryBytes, loadC2pa } from '../c2pa/wasm.ts';
import type {
  EngineRemoteSignReply,
  EngineRemoteSignRequest,
  EngineReply,
  EngineTask,
  EngineTimestampReply,
  EngineTimestampRequest,
  EngineTrustUpdate,
  EngineTrustUpdated,
  RemoteSignerMaterial,
  SignerMaterial,
} from './engine-protocol.ts';
import type { EngineWorkerData } from './engine-pool.ts';
import { transferablesOf } from './transferables.ts';

// This thread runs nothing but the engine: no fetch of any kind leaves it.
guardNetwork('realm');

const config = workerData as EngineWorkerData;
// Instantiated before the worker says it is ready, from the Module the pool compiled once for all
// workers, so a first task pays for nothing.
loadC2pa(config.c2paModule);
const signer = config.signer ? createPemSigner(config.signer) : null;
// Signers of tasks that bring their own (accounts' identities), kept by a digest of their material so
// a key is parsed once per worker, not per signing; the oldest goes when the cache is full.
const taskSigners = new Map<string, ClaimSigner>();
const TASK_SIGNER_CACHE = 64;

function signerOf(material: SignerMaterial): ClaimSigner {
  const id = createHash('sha256').update(material.privateKeyPem).update('\0').update(material.certificateChainPem).update('\0').update(material.alg ?? '').digest('hex');
  const cached = taskSigners.get(id);
  if (cached) return cached;
  const made = createPemSigner(material);
  if (taskSigners.size >= TASK_SIGNER_CACHE) taskSigners.delete(taskSigners.keys().next().value!);
  taskSigners.set(id, made);
  return made;
}

// Signatures asked of the pool for tasks with a remote signer wait here for the service's answer.
const remoteSignatures = new Map<number, { resolve: (signature: Uint8Array) => void; reject: (error: Error) => void }>();
let nextRemoteSignatureId = 1;

/**
 * The task's remote signer as seen from here: every signature is asked of the pool, which reaches the
 * service (`credential` 'identity': the named actor's, for its CAWG identity assertion).
 */
function remoteSignerOf(taskId: number, material: RemoteSignerMaterial, credential?: 'identity'): ClaimSigner {
  return {
    alg: material.alg,
    certificateChain: material.certificateChain,
    reserveSlack: material.reserveSlack ?? 8,
    sign: (data) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const id = nextRemoteSignatureId++;
        remoteSignatures.set(id, { resolve, reject });
        parentPort?.postMessage({ control: 'remote-sign-request', id, taskId, data, ...(credential && { credential }) } satisfies EngineRemoteSignRequest);
      }),
  };
}

// Timestamp requests wait here for the pool to bring the authority's reply back.
const timestampReplies = new Map<number, { resolve: (response: Uint8Array) => void; reject: (error: Error) => void }>();
let nextTimestampId = 1;

/** A task's timestamper: each TimeStampReq is carried by the pool, which knows the task waits on it. */
function timestamperOf(taskId: number): Timestamper | undefined {
  if (!config.timestamps) return undefined;
  return createRfc3161Timestamper(
    (request) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const id = nextTimestampId++;
        timestampReplies.set(id, { resolve, reject });
        parentPort?.postMessage({ control: 'timestamp-request', id, taskId, request } satisfies EngineTimestampRequest);
      }),
  );
}
// Replaced when the trust lists are refreshed; a verification already running keeps the store it began with.
let trust = createTrustStore(config.trustAnchorPems);

// Stores of earlier trust snapshots that tasks brought (reproductions), by their lists' digest: a few kept.
const snapshotStores = new Map<string, TrustStore>();
const SNAPSHOT_STORE_CACHE = 4;

function storeOf(lists: TrustList[]): TrustStore {
  const digest = createHash('sha256');
  for (const list of lists) digest.update(list.name).update('\0').update(list.tier).update('\0').update(list.purpose ?? 'signers').update('\0').update(list.pems.join('\n')).update('\0');
  const key = digest.digest('hex');
  const known = snapshotStores.get(key);
  if (known) return known;
  const made = createTrustStore(lists);
  if (snapshotStores.size >= SNAPSHOT_STORE_CACHE) snapshotStores.delete(snapshotStores.keys().next().value!);
  snapshotStores.set(key, made);
  return made;
}

// Tasks begun and not yet answered (those waiting on the pool's thread included): a task validating
// as of a declared time pins this thread's clock, which every other task would read too.
let tasksUnderway = 0;

async function run(task: EngineTask): Promise<EngineReply> {
  tasksUnderway += 1;
  try {
    return await runTask(task);
  } finally {
    tasksUnderway -= 1;
  }
}

/** The claim signer of a sign or timestamp task: its own (an account's), else the pool's. */
function claimSignerOf(task: Extract<EngineTask, { kind: 'sign' | 'timestamp' }>): ClaimSigner {
  const taskSigner = task.signer ? ('kind' in task.signer ? remoteSignerOf(task.id, task.signer) : signerOf(task.signer)) : signer;
  if (!taskSigner) throw new Error('This engine pool has no signer');
  return taskSigner;
}

async function runTask(task: EngineTask): Promise<EngineReply> {
  try {
    if (task.kind === 'timestamp') {
      const taskSigner = claimSignerOf(task);
      const timestamper = timestamperOf(task.id);
      if (!timestamper) throw new TimestampError('This engine pool has no time-stamping authority.');
      const { output } = task.options;
      const stamped = isFileOnDisk(task.source)
        ? await addTimestampFromDisk(task.source.path, output, task.mime, taskSigner, timestamper)
        : await addTimestamp(task.source, task.mime, taskSigner, timestamper);
      return { id: task.id, ok: true, result: stamped };
    }
    if (task.kind === 'sign') {
      const taskSigner = claimSignerOf(task);
      const { output, withoutTimestamp, ...options } = task.options;
      const timestamper = withoutTimestamp ? undefined : timestamperOf(task.id);
      // The organisation the manifest names (its CAWG identity assertion), signed as the claim signer is.
      const identity = task.identity && { credential: 'kind' in task.identity ? remoteSignerOf(task.id, task.identity, 'identity') : signerOf(task.identity) };
      const signed = isFileOnDisk(task.source)
        ? await sign(task.source, task.mime, task.metadata, { signer: taskSigner, timestamper, output: output ?? '', ...(identity && { identity }), ...(options.ocspResponse && { ocspResponse: options.ocspResponse }) })
        : await sign(task.source, task.mime, task.metadata, { ...options, signer: taskSigner, timestamper, ...(identity && { identity }) });
      return { id: task.id, ok: true, result: signed };
    }
    const { at, trustLists, answer, ...options } = task.options;
    if (at !== undefined && tasksUnderway > 1) throw new Error('A verification as of a declared time must be its worker\'s only task');
    const verifyOptions = { ...options, trust: trustLists ? storeOf(trustLists) : trust, ...(at !== undefined && { at: new Date(at) }) };
    const result = answer === 'serialized' ? await verify(task.source, task.mime, { ...verifyOptions, answer }) : await verify(task.source, task.mime, verifyOptions);
    return { id: task.id, ok: true, result };
  } catch (error) {
    const base = error instanceof Error ? error : new Error(String(error));
    return {
      id: task.id,
      ok: false,
      error: {
        name: base.name,
        message: base.message,
        ...(error instanceof ProvenanceError && { code: error.code, ...(error.detail && { detail: error.detail }) }),
        ...(error instanceof RemoteManifestError && { url: error.url }),
      },
    };
  }
}

parentPort?.on('message', (message: EngineTask | EngineTrustUpdate | EngineTimestampReply | EngineRemoteSignReply) => {
  if ('control' in message && message.control === 'remote-sign-reply') {
    const waiting = remoteSignatures.get(message.id);
    remoteSignatures.delete(message.id);
    if (message.signature) waiting?.resolve(message.signature);
    else waiting?.reject(new ProvenanceError('signing_failed', message.error ?? 'The remote signer did not answer'));
    return;
  }
  if ('control' in message && message.control === 'timestamp-reply') {
    const waiting = timestampReplies.get(message.id);
    timestampReplies.delete(message.id);
    if (message.response) waiting?.resolve(message.response);
    else waiting?.reject(new Error(message.error ?? 'no reply'));
    return;
  }
  if ('control' in message) {
    trust = createTrustStore(message.trustAnchorPems);
    parentPort?.postMessage({ control: 'trust-set', id: message.id, version: trust.version } satisfies EngineTrustUpdated);
    return;
  }
  void run(message).then((done) => {
    const reply: EngineReply = { ...done, wasmMemoryBytes: c2paMemoryBytes() };
    // A signed file goes back by transfer: this thread keeps no reference to it. A buffer that cannot
    // be moved (none is expected) is copied rather than losing the reply.
    const transfer =
      reply.ok && 'manifestStore' in reply.result ? transferablesOf([typeof reply.result.signedBytes === 'number' ? undefined : reply.result.signedBytes, reply.result.manifestStore]) : [];
    try {
      parentPort?.postMessage(reply, transfer);
    } catch {
      parentPort?.postMessage(reply);
    }
  });
});
parentPort?.postMessage({ ready: true });
