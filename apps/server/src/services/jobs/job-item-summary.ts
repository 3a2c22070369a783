// A batch-job item read back for the app: its stored answer (a verification, or a signing with the
// verification of the file it signed) reduced to the verdict and the words the report uses (the
// engine's reason, trust label and code explanations, already in the stored JSON), or its error.
import type { TJobItemSummary, TJobType, TVerifyResponse } from '@provenance/contracts';
import { organizationOf, type VerifyResponse } from '@provenance/engine';
import type { StoredItem } from './job-store.ts';

/** The verification an item's stored answer holds; null unless it is done. */
export function itemVerification(item: StoredItem, type: TJobType): TVerifyResponse | null {
  if (item.status !== 'done' || item.result === null) return null;
  const answer = JSON.parse(item.result) as unknown;
  return type === 'sign' ? (answer as { verification: TVerifyResponse }).verification : (answer as TVerifyResponse);
}

/** The manifest a sign item made; null for a verify item or an unfinished one. */
function signedManifestId(item: StoredItem, type: TJobType): string | null {
  if (type !== 'sign' || item.status !== 'done' || item.result === null) return null;
  return (JSON.parse(item.result) as { manifestId?: string }).manifestId ?? null;
}

export function summarizeItem(item: StoredItem, type: TJobType, verification: TVerifyResponse | null = itemVerification(item, type)): TJobItemSummary {
  return {
    index: item.index,
    assetUrl: item.assetUrl,
    status: item.status,
    verdict: verification?.verification.status ?? null,
    reason: verification?.report.reason ?? null,
    reasonCode: verification?.verification.reasonCode ?? null,
    trustLabel: verification?.verification.trust.label ?? null,
    organization: verification ? organizationOf(verification as VerifyResponse) : null,
    failures: verification ? [...verification.report.codes.failure, ...verification.report.ingredientFailures] : [],
    manifestId: signedManifestId(item, type) ?? verification?.report.manifestId ?? null,
    recoveredManifestId: verification?.recovery?.manifestId ?? null,
    error: item.status === 'failed' ? item.error : null,
  };
}
