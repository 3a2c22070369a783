// README.txt of an evidence archive (evidence-archive.ts): the verdict in one line, when and under
// which trust lists it was made, what each file is, what is absent and why, and how to re-check the
// verdict with this gateway, with c2pa-rs's tool and with OpenSSL. Plain text, for someone opening
// the archive years later without the product at hand.
import { EVIDENCE_ARCHIVE_MEMBERS as MEMBERS, type TEvidenceArchiveMember, type TTrustSnapshot, type TVerifyResponse } from '@provenance/contracts';

export interface AbsentMember {
  name: TEvidenceArchiveMember;
  why: string;
}

const WHAT: Record<TEvidenceArchiveMember, string> = {
  [MEMBERS.readme]: 'This file.',
  [MEMBERS.report]: 'The verification answer of the gateway: the verdict (verification), the badge text and the full report with every validation code of c2pa-rs, the signer and verification.evidence (trust snapshot, validation time, OCSP answer).',
  [MEMBERS.crJson]: "c2pa-rs's own crJSON report of the same file, made under the same trust lists as of the same instant (its @context names the crJSON vocabulary; manifests[] holds each manifest with its validation results).",
  [MEMBERS.manifestStore]: 'The C2PA manifest store (JUMBF) of the signed file, byte for byte as the gateway keeps it: the claims, assertions and claim signatures the verdict is about.',
  [MEMBERS.signerChain]: "The claim signer's certificate chain as PEM, signing certificate first, as the signature carries it.",
  [MEMBERS.trustAnchors]: 'The trust anchors (PEM) that vouched for signers when the verdict was made: every certificate of every signer list of the trust snapshot, each list under a comment line naming it.',
  [MEMBERS.tsaTrustAnchors]: "The time-stamping authorities' trust anchors (PEM) of the same snapshot: they vouch for timestamps only, never for a signer.",
  [MEMBERS.ocspResponse]: '',
  [MEMBERS.trustSnapshot]:
    'The trust snapshot whole: its id (the SHA-256 the answer names in verification.evidence.trustSnapshot.id) and each list with its tier, purpose, source, retrieval time, the SHA-256 of its text and its certificates.',
};

const OCSP_WHAT = {
  asked: 'The OCSP answer the revocation verdict rests on (a DER OCSPResponse), as the responder named in report.json verification.evidence.revocation signed it when asked.',
  stapled: "The OCSP answer stapled in the claim signature at signing (a DER OCSPResponse, from the signature's rVals ocspVals): c2pa-rs read the revocation status from it, offline.",
};

/** "  name   text", the text wrapped in a column beside the name (lines of about 100 characters). */
function entry(name: string, text: string): string {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + word.length + 1 > 74) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((text, index) => `  ${(index === 0 ? name : '').padEnd(24)}${text}`).join('\n');
}

export function evidenceReadme(input: {
  report: TVerifyResponse;
  snapshot: TTrustSnapshot | null;
  present: readonly TEvidenceArchiveMember[];
  absent: readonly AbsentMember[];
  ocspOrigin: 'asked' | 'stapled' | null;
  signedAssetUrl: string;
  madeAt: Date;
}): string {
  const { report, snapshot } = input;
  const { verification } = report;
  const evidence = verification.evidence;
  const lists = snapshot?.lists.map((list) => `${list.name}${list.retrievedAt ? ` (retrieved ${list.retrievedAt})` : ''}`) ?? [];
  const validatedAt = evidence?.validatedAt ?? '(not recorded)';
  const snapshotId = evidence?.trustSnapshot?.id ?? null;
  const what = (name: TEvidenceArchiveMember): string => (name === MEMBERS.ocspResponse ? OCSP_WHAT[input.ocspOrigin ?? 'asked'] : WHAT[name]);
  const reproduce = snapshotId
    ? [
        'With this gateway (the same lists, the same instant): send the signed file to',
        `  POST /api/v1/verify-content?trustSnapshot=${snapshotId}&at=${encodeURIComponent(validatedAt)}`,
        '  e.g. curl -F file=@SIGNED_FILE "https://GATEWAY/api/v1/verify-content?trustSnapshot=…&at=…"',
        '  (or the JSON body {"manifestId": "…", "trustSnapshot": "…", "at": "…"}): its verification and report',
        `  are this report.json's again. Add format=crjson for c2pa-rs's crJSON (${MEMBERS.crJson}).`,
        `  GET /api/v1/trust/snapshots/${snapshotId} answers ${MEMBERS.trustSnapshot} again.`,
      ]
    : ['This verdict names no trust snapshot: it cannot be reproduced under the same lists.'];
  return [
    'Evidence of a Content Credentials verification',
    '================================================',
    '',
    `Manifest:     ${report.report.manifestId ?? '(none)'}`,
    `Verdict:      ${verification.status} (${report.report.validationState ?? 'no manifest'}): ${report.report.reason}`,
    `Signed file:  ${input.signedAssetUrl}`,
    `Checked on ${validatedAt}${lists.length > 0 ? ` against the trust lists of this gateway: ${lists.join(', ')}` : ''}.`,
    `Trust snapshot: ${snapshotId ?? '(none recorded)'}`,
    `Archive made: ${input.madeAt.toISOString()}`,
    '',
    'Files',
    '-----',
    ...input.present.map((name) => entry(name, what(name))),
    ...(input.absent.length > 0 ? ['', 'Not in this archive', '-------------------', ...input.absent.map(({ name, why }) => entry(name, why))] : []),
    '',
    'How to re-check',
    '---------------',
    ...reproduce,
    '',
    "Offline, with this product's command-line tool (c2pa-rs underneath), under exactly these anchors as of that time",
    '(every anchor counts as tier custom there, so trust.tier and the label may differ; the codes do not):',
    `  provenance verify SIGNED_FILE --crjson --no-bundled-lists --no-local-root --trust-anchors ${MEMBERS.trustAnchors} --tsa-anchors ${MEMBERS.tsaTrustAnchors} --at ${validatedAt}`,
    '',
    'The chain with OpenSSL, as of the validation time:',
    `  openssl verify -attime $(date -d ${validatedAt.replace(/\.\d+Z$/, 'Z')} +%s) -CAfile ${MEMBERS.trustAnchors} -untrusted ${MEMBERS.signerChain} ${MEMBERS.signerChain}`,
    '',
    'The OCSP answer:',
    `  openssl ocsp -respin ${MEMBERS.ocspResponse} -resp_text -noverify`,
    '',
    'The snapshot ID: the SHA-256 (hex) of the lines "<anchor SHA-256 of DER> <tier> <purpose> <list name>",',
    'one per distinct anchor certificate (kept under its strongest list: signers before timestamps, then',
    'conformant, gateway, custom, legacy), sorted and joined by a newline. Each list\'s sha256 is the',
    'SHA-256 of its pems joined by a newline.',
    '',
  ].join('\n');
}
