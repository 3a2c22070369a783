import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import type { ContentSigner, SignContentOptions, SignedContent } from '../signing/sign-content.ts';
import type { ContentVerifier } from '../verification/verify-content.ts';
import { classifyItemFailure } from './item-failure.ts';
import { createJobItemRunner, ItemOverrunError, jobItemAssetId } from './job-item-runner.ts';
import type { ItemToRun } from './job-store.ts';

// A sign item's run: its asset ID is fixed by job and index, an asset an earlier run stored is
// answered without signing again, and a run past its time stores nothing.

const item: ItemToRun = { jobId: 'job-1', index: 7, assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'Ada' }, status: 'queued', type: 'sign', userId: 'user-1' };

function fakes(stored: SignedAssetRow | null = null) {
  const signings: SignContentOptions[] = [];
  const signer: ContentSigner = {
    async signContent(_userId, _source, _metadata, options = {}) {
      signings.push(options);
      await options.beforeStore?.();
      return { assetId: options.assetId!, manifestId: 'urn:c2pa:new' } as SignedContent;
    },
  };
  const signedAssets = { findById: async () => stored } as unknown as SignedAssets;
  const verifier = { verifyStored: async () => ({ verification: { status: 'verified' } }) } as unknown as ContentVerifier;
  return { signings, runner: createJobItemRunner({ verifier, signer, signedAssets, itemTimeoutSeconds: 60 }) };
}

describe('job item runner', () => {
  it('names a sign item\'s asset by its job and index: a valid UUID, the same on every run', () => {
    expect(z.string().uuid().safeParse(jobItemAssetId('job-1', 7)).success).toBe(true);
    expect(jobItemAssetId('job-1', 7)).toBe(jobItemAssetId('job-1', 7));
    expect(jobItemAssetId('job-1', 8)).not.toBe(jobItemAssetId('job-1', 7));
    expect(jobItemAssetId('job-2', 7)).not.toBe(jobItemAssetId('job-1', 7));
  });

  it('signs with that ID within the time limit', async () => {
    const { signings, runner } = fakes();
    expect(JSON.parse(await runner.run(item, Date.now()))).toEqual({ assetId: jobItemAssetId('job-1', 7), manifestId: 'urn:c2pa:new' });
    expect(signings[0]?.assetId).toBe(jobItemAssetId('job-1', 7));
  });

  it('stores nothing once past the limit (less the time kept for writing), a retryable item_timeout', async () => {
    const { runner } = fakes();
    const error = await runner.run(item, Date.now() - 56_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ItemOverrunError);
    expect(classifyItemFailure(error)).toMatchObject({ code: 'item_timeout', retryable: true });
  });

  it('answers with the asset an earlier run stored, without signing again', async () => {
    const row = { id: jobItemAssetId('job-1', 7), manifestId: 'urn:c2pa:old', mime: 'image/jpeg', assetHash: 'ab', signedAt: new Date('2026-11-23T08:00:00Z'), originalBytes: 10, signedBytes: 20, sidecar: false, parentCredentialsWarning: null } as SignedAssetRow;
    const { signings, runner } = fakes(row);
    const answer = JSON.parse(await runner.run(item, Date.now())) as SignedContent;
    expect(signings).toHaveLength(0);
    expect(answer).toMatchObject({ assetId: row.id, manifestId: 'urn:c2pa:old', signedAt: '2026-11-23T08:00:00.000Z', bytes: { original: 10, signed: 20 }, verification: { verification: { status: 'verified' } }, warnings: [] });
  });
});
