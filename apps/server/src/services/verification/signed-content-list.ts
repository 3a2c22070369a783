// An account's signed content as its dashboard lists it, a page at a time: each signed file's own
// verdict now (the stored file verified under the trust lists and revocation in force, never the
// verdict of another copy) and, apart, the copies of it verified elsewhere (stripped, tampered,
// badges shown on other media). A page's verdicts come from the verification cache when it holds
// them (keyed by the file's SHA-256 recorded at signing and the trust lists' version; forgotten at a
// revocation, expired at the certificates' end or the OCSP answer's); the others are verified a few
// at a time, so a page costs at most its size in engine verifications and usually none.
import type { TSignedFileVerdict } from '@provenance/contracts';
import { EngineBusyError } from '@provenance/engine';
import type { SignedAssets, SignedAssetWithStats } from '../assets/signed-assets.ts';
import { DomainError } from '../domain-error.ts';
import { nothingSeenElsewhere, type SeenElsewhere } from './copies-seen-elsewhere.ts';
import type { VerificationEvents } from './verification-events.ts';
import type { ContentVerifier } from './verify-content.ts';

export interface ListedSignedAsset extends SignedAssetWithStats {
  /** Null when the file could not be verified just now (the engine busy, the file missing from the store). */
  verdict: TSignedFileVerdict | null;
  seenElsewhere: SeenElsewhere;
}

export interface SignedContentPage {
  assets: ListedSignedAsset[];
  /** The last listed asset's ID when more follow: the next page's cursor. */
  nextCursor: string | null;
}

export interface SignedContentList {
  page(userId: string, options: { limit: number; cursor?: string | undefined }): Promise<SignedContentPage>;
}

/** Verifications of one page run at once: the engine's other callers keep their workers. */
const VERIFYING_AT_ONCE = 2;

export function createSignedContentList(deps: {
  signedAssets: SignedAssets;
  events: Pick<VerificationEvents, 'copiesSeenElsewhere'>;
  verifier: Pick<ContentVerifier, 'verifyStoredAsset'>;
  /** Told of a file that could not be verified for an unexpected reason (its row then shows no verdict). */
  onVerifyError?: (assetId: string, error: unknown) => void;
}): SignedContentList {
  const { signedAssets, events, verifier } = deps;

  async function ownVerdict(asset: SignedAssetWithStats): Promise<TSignedFileVerdict | null> {
    try {
      const { verification, report } = await verifier.verifyStoredAsset(asset);
      return { status: verification.status, trust: verification.trust, reason: report.reason, revocation: verification.revocation?.status ?? null };
    } catch (error) {
      // A busy engine or a missing file leaves this row without a verdict, not the page without rows.
      if (!(error instanceof EngineBusyError || (error instanceof DomainError && error.kind === 'not_found'))) deps.onVerifyError?.(asset.id, error);
      return null;
    }
  }

  async function ownVerdicts(assets: SignedAssetWithStats[]): Promise<(TSignedFileVerdict | null)[]> {
    const verdicts: (TSignedFileVerdict | null)[] = new Array<TSignedFileVerdict | null>(assets.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < assets.length) {
        const index = next++;
        verdicts[index] = await ownVerdict(assets[index]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(VERIFYING_AT_ONCE, assets.length) }, worker));
    return verdicts;
  }

  return {
    async page(userId, { limit, cursor }) {
      const rows = await signedAssets.listForUser(userId, limit + 1, cursor);
      const listed = rows.slice(0, limit);
      const [verdicts, seen] = await Promise.all([ownVerdicts(listed), events.copiesSeenElsewhere(listed.map((row) => row.id))]);
      return {
        assets: listed.map((row, index) => ({ ...row, verdict: verdicts[index] ?? null, seenElsewhere: seen.get(row.id) ?? nothingSeenElsewhere() })),
        nextCursor: rows.length > limit ? (listed.at(-1)?.id ?? null) : null,
      };
    },
  };
}
