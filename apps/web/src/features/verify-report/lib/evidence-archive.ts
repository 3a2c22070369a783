// The evidence archive of a report whose file the gateway does not hold (verified by upload or URL,
// not stored, or in this browser), assembled here with the same ZIP package (fflate) and the same
// member names as the gateway's GET /manifests/{id}/evidence: the answer on screen, the signer's
// chain, the trust snapshot the answer names (fetched from the gateway, which keeps every snapshot)
// with its anchors, and the OCSP answer the answer carries. What only the file itself holds (its
// manifest store, c2pa-rs's crJSON of it) is absent, and README.txt says so and how to get it.
import { EVIDENCE_ARCHIVE_MEMBERS as MEMBERS, trustAnchorsPem, type TEvidenceArchiveMember, type TTrustSnapshot, type TVerifyResponse } from '@provenance/contracts';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { reportJson, signerChainPem } from './report-download';

export interface BrowserEvidence {
  result: TVerifyResponse;
  /** The snapshot the answer names, fetched from the gateway; null when it names none (a verdict made in this browser). */
  snapshot: TTrustSnapshot | null;
  /** The gateway's API address, for README.txt's instructions. */
  apiBase: string;
  madeAt: Date;
}

const bytesOfBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

function readme(input: BrowserEvidence, present: readonly TEvidenceArchiveMember[], absent: readonly { name: TEvidenceArchiveMember; why: string }[]): string {
  const { result, snapshot, apiBase } = input;
  const evidence = result.verification.evidence;
  const snapshotId = evidence?.trustSnapshot?.id;
  const lists = snapshot?.lists.map((list) => `${list.name}${list.retrievedAt ? ` (retrieved ${list.retrievedAt})` : ''}`) ?? [];
  return [
    'Evidence of a Content Credentials verification (assembled in the browser)',
    '==========================================================================',
    '',
    `Manifest:     ${result.report.manifestId ?? '(none)'}`,
    `Verdict:      ${result.verification.status} (${result.report.validationState ?? 'no manifest'}): ${result.report.reason}`,
    evidence
      ? `Checked on ${evidence.validatedAt}${lists.length > 0 ? ` against the trust lists of this gateway: ${lists.join(', ')}` : ''}.`
      : 'Checked in this browser, against the trust lists the gateway served then; no trust snapshot was recorded.',
    `Trust snapshot: ${snapshotId ?? '(none recorded)'}`,
    `Archive made: ${input.madeAt.toISOString()}`,
    '',
    'This gateway does not hold the file this report is about, so this archive was assembled by the web',
    'page from the answer it was shown. Keep the file you verified beside it: its Content Credentials',
    '(manifest store, signature, any stapled OCSP answer) are inside it.',
    '',
    'Files',
    '-----',
    ...present.map((name) => `  ${name.padEnd(24)}${WHAT[name]}`),
    '',
    'Not in this archive',
    '-------------------',
    ...absent.map(({ name, why }) => `  ${name.padEnd(24)}${why}`),
    '',
    'How to re-check',
    '---------------',
    ...(snapshotId && evidence
      ? [
          'Send the file you verified to the gateway under the same lists as of the same instant:',
          `  curl -F file=@YOUR_FILE "${apiBase}/verify-content?trustSnapshot=${snapshotId}&at=${encodeURIComponent(evidence.validatedAt)}"`,
          `  Its verification is this ${MEMBERS.report}'s again; add &format=crjson for c2pa-rs's crJSON (${MEMBERS.crJson}).`,
        ]
      : [`Send the file you verified to ${apiBase}/verify-content: the gateway's answer records its trust snapshot and time, and can be reproduced.`]),
    '',
  ].join('\n');
}

const WHAT: Record<TEvidenceArchiveMember, string> = {
  [MEMBERS.readme]: 'This file.',
  [MEMBERS.report]: 'The verification answer shown on the report page, every validation code included.',
  [MEMBERS.crJson]: "c2pa-rs's crJSON report.",
  [MEMBERS.manifestStore]: 'The C2PA manifest store.',
  [MEMBERS.signerChain]: "The claim signer's certificate chain as PEM, signing certificate first.",
  [MEMBERS.trustAnchors]: 'The signer trust anchors (PEM) of the trust snapshot the verdict was made under, each list under a comment line.',
  [MEMBERS.tsaTrustAnchors]: "The time-stamping authorities' anchors (PEM) of that snapshot.",
  [MEMBERS.ocspResponse]: "The OCSP answer (a DER OCSPResponse) the gateway's revocation check rests on.",
  [MEMBERS.trustSnapshot]: 'The trust snapshot whole: its ID (verification.evidence.trustSnapshot.id) and its lists with their certificates.',
};

/** The archive's bytes (a ZIP), and the names of its members. */
export function browserEvidenceArchive(input: BrowserEvidence): { bytes: Uint8Array; members: TEvidenceArchiveMember[] } {
  const { result, snapshot } = input;
  const files = new Map<TEvidenceArchiveMember, Uint8Array>();
  const absent: { name: TEvidenceArchiveMember; why: string }[] = [
    { name: MEMBERS.manifestStore, why: 'This gateway does not hold the file: its manifest store is inside the file you verified.' },
    { name: MEMBERS.crJson, why: 'c2pa-rs makes crJSON of the file itself, which this page does not keep: ask the gateway as below.' },
  ];
  files.set(MEMBERS.report, strToU8(reportJson(result)));
  const chain = signerChainPem(result);
  if (chain) files.set(MEMBERS.signerChain, strToU8(chain));
  else absent.push({ name: MEMBERS.signerChain, why: 'The report names no signer certificate.' });
  if (snapshot) {
    const signers = trustAnchorsPem(snapshot, 'signers');
    const timestamps = trustAnchorsPem(snapshot, 'timestamps');
    if (signers) files.set(MEMBERS.trustAnchors, strToU8(signers));
    if (timestamps) files.set(MEMBERS.tsaTrustAnchors, strToU8(timestamps));
    files.set(MEMBERS.trustSnapshot, strToU8(`${JSON.stringify(snapshot, null, 2)}\n`));
  } else {
    const why = 'The verdict was made in this browser, which records no trust snapshot.';
    absent.push({ name: MEMBERS.trustAnchors, why }, { name: MEMBERS.trustSnapshot, why });
  }
  const ocsp = result.verification.evidence?.revocation?.response;
  if (ocsp) files.set(MEMBERS.ocspResponse, bytesOfBase64(ocsp));
  else absent.push({ name: MEMBERS.ocspResponse, why: 'No OCSP responder was asked for this answer (a stapled answer stays inside the file).' });

  const members: TEvidenceArchiveMember[] = [MEMBERS.readme, ...files.keys()];
  const zippable: Zippable = { [MEMBERS.readme]: strToU8(readme(input, members, absent)) };
  for (const [name, bytes] of files) zippable[name] = bytes;
  return { bytes: zipSync(zippable, { level: 6, mtime: input.madeAt }), members };
}
