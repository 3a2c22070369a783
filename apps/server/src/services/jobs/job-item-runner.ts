// Runs one batch-job item: a verify item is the verification POST /verify-content does for its
// assetUrl, a sign item the signing POST /sign-content does for the job's account. The answer is
// returned as JSON text, stored with the item as it is.
//
// A sign item's asset ID is derived from the job and the item's index, so a run repeated after a
// crash (the signed asset stored, the item not yet marked done) finds the asset it made instead
// of signing the file a second time; a verify item's event ID likewise, so its verification event
// (the analytics row) and verification.failed are recorded once.
import type { TSigningMetadata } from '@provenance/contracts';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import type { ContentSigner, SignedContent } from '../signing/sign-content.ts';
import type { ContentVerifier } from '../verification/verify-content.ts';
import type { ItemToRun } from './job-store.ts';
import { nameBasedUuid } from '../name-based-uuid.ts';

export interface JobItemRunner {
  /** `startedAt`: when this run took the item (ms since the epoch), for its time limit. */
  run(item: ItemToRun, startedAt: number): Promise<string>;
}

/** A sign item that would store its asset too late: a redelivery of it may be running by then. */
export class ItemOverrunError extends Error {
  constructor(readonly limitSeconds: number) {
    super(`Signing took longer than the item's ${limitSeconds} s limit; nothing was stored`);
    this.name = 'ItemOverrunError';
  }
}

/** Time kept in hand for writing the files and the row before the item's limit. */
const STORE_MARGIN_MS = 5_000;

/** A UUID (version 8, RFC 9562: name-based by our own hash) naming the asset a sign item makes. */
export function jobItemAssetId(jobId: string, index: number): string {
  return nameBasedUuid(`provenance-gateway/job-item/${jobId}/${index}`);
}

/** The ID of the verification event a verify item records: the same on every run of the item, so it is written once. */
export function jobItemEventId(jobId: string, index: number): string {
  return nameBasedUuid(`provenance-gateway/job-item-event/${jobId}/${index}`);
}

export function createJobItemRunner(deps: {
  verifier: ContentVerifier;
  signer: ContentSigner;
  signedAssets: SignedAssets;
  /** The queue hands an item out again after this long (JOB_ITEM_TIMEOUT_SECONDS). */
  itemTimeoutSeconds: number;
}): JobItemRunner {
  const { verifier, signer, signedAssets, itemTimeoutSeconds } = deps;

  /** The signing answer of an asset an earlier run of the item stored. */
  async function signedBefore(row: SignedAssetRow): Promise<SignedContent> {
    const warning = row.parentCredentialsWarning;
    return {
      assetId: row.id,
      manifestId: row.manifestId,
      mime: row.mime,
      assetHash: row.assetHash,
      signedAt: row.signedAt.toISOString(),
      bytes: { original: row.originalBytes, signed: row.signedBytes },
      verification: await verifier.verifyStored(row.manifestId),
      sidecar: row.sidecar,
      parentCredentials: warning ? { status: 'invalid', reason: null } : null,
      warnings: warning ? [warning] : [],
      timestampState: row.timestampState,
    };
  }

  async function sign(item: ItemToRun, startedAt: number): Promise<SignedContent> {
    const assetId = jobItemAssetId(item.jobId, item.index);
    const before = await signedAssets.findById(assetId);
    if (before) return signedBefore(before);
    // Within its time limit no other run of the item exists (the queue hands it out again only after
    // it), so files are written only then: two runs never write one asset's files at once.
    const beforeStore = async () => {
      if (Date.now() - startedAt > itemTimeoutSeconds * 1000 - STORE_MARGIN_MS) throw new ItemOverrunError(itemTimeoutSeconds);
    };
    try {
      return await signer.signContent(item.userId, { kind: 'url', url: item.assetUrl }, item.metadata as TSigningMetadata, { assetId, beforeStore });
    } catch (error) {
      // Another run of this item (its queue task expired while it still ran) stored it first.
      const raced = await signedAssets.findById(assetId);
      if (raced) return signedBefore(raced);
      throw error;
    }
  }

  return {
    async run(item, startedAt) {
      if (item.type === 'verify') return (await verifier.verifyContent({ kind: 'url', url: item.assetUrl }, { userId: item.userId, eventId: jobItemEventId(item.jobId, item.index), jobItem: { jobId: item.jobId, index: item.index } })).json;
      return JSON.stringify(await sign(item, startedAt));
    },
  };
}
