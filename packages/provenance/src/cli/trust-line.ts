/** The verify output's trust line: which list vouched for the signer and what that means. */
import type { TrustVerdict } from '../report/verification-report.ts';
import { tierLabel } from '../report/trust-words.ts';

export function trustLine(verdict: TrustVerdict): string {
  const label = tierLabel(verdict).toUpperCase();
  if (verdict.tier === 'untrusted') return label;
  const anchor = verdict.anchor ? ` via ${verdict.anchor.subject} (SHA-256 ${verdict.anchor.sha256.slice(0, 16)}…)` : '';
  return verdict.list && verdict.tier !== 'conformant' ? `${label}: ${verdict.list}${anchor}` : `${label}${anchor}`;
}
