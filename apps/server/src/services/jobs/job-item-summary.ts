// A batch-job item read back for the app: its stored answer (a verification, or a signing with the
// verification of the file it signed) reduced to the verdict and the words the report uses (the
// engine's reason, trust label and code explanations, already in the stored JSON), or its error.
import type { TJobItemSummary, TJobType, TVerifyResponse } from '@provenance/contracts';
import { organizationOf, type VerifyResponse } from '@provenance/engine';
import type { StoredItem } from './job-store.ts';

/** What a done item's stored answer holds: its verification, and the manifest a sign item made. */
export interface ItemAnswer {
  verification: TVerifyResponse;
  signedManifestId: string | null;
}

/** The item's stored answer, parsed once; null unless it is done. */
export function itemAnswer(item: StoredItem, type: TJobType): ItemAnswer | null {
  if (item.status !== 'done' || item.result === null) return null;
  if (type === 'verify') return { verification: JSON.parse(item.result) as TVerifyResponse, signedManifestId: null };
  const signing = JSON.parse(item.result) as { manifestId: string; verification: TVerifyResponse };
  return { verification: signing.verification, signedManifestId: signing.manifestId };
}

export function summarizeItem(item: StoredItem, answer: ItemAnswer | null): TJobItemSummary {
  const verification = answer?.verification ?? null;
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
    manifestId: answer?.signedManifestId ?? verification?.report.manifestId ?? null,
    recoveredManifestId: verification?.recovery?.manifestId ?? null,
    error: item.status === 'failed' ? item.error : null,
  };
}
