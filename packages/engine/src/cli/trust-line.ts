/** The verify output's trust line: who vouches for the signer, in the words every surface uses (trust.label), and through which anchor. */
import type { ReportedTrust } from '../report/verification-report.ts';

export function trustLine(trust: ReportedTrust): string {
  const anchor = trust.anchor ? ` (anchor ${trust.anchor.subject}, SHA-256 ${trust.anchor.sha256.slice(0, 16)}…)` : '';
  return `${trust.label}${anchor}`;
}
