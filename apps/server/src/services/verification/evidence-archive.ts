// The evidence of a manifest this gateway holds, as one ZIP archive an auditor keeps: the
// verification answer, c2pa-rs's crJSON made under the same trust lists as of the same instant, the
// `.c2pa` manifest store as stored, the signer's chain, the trust anchors of the snapshot the verdict
// was made under, the OCSP answer its revocation verdict rests on, and that snapshot whole, with a
// README.txt saying what each file is and how to re-check the verdict. Everything is gathered (and
// any failure thrown) before the first byte; the archive is then made a member at a time as it is
// read (fflate's streaming Zip), so it is never held whole beside its members.
import { signerRevocation } from '@provenance/engine';
import { EVIDENCE_ARCHIVE_MEMBERS as MEMBERS, trustAnchorsPem, type TEvidenceArchiveMember, type TVerifyResponse } from '@provenance/contracts';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { AssetStore } from '../assets/asset-store.ts';
import type { SignedAssets } from '../assets/signed-assets.ts';
import { DomainError } from '../domain-error.ts';
import { evidenceReadme, type AbsentMember } from './evidence-readme.ts';
import type { TrustSnapshotFiles } from './trust-snapshot-files.ts';
import type { ContentVerifier } from './verify-content.ts';

export interface EvidenceArchive {
  /** A file name for the download: the manifest ID made safe, `.evidence.zip`. */
  fileName: string;
  /** The ZIP archive, made as it is read. */
  body: ReadableStream<Uint8Array>;
}

export interface EvidenceArchives {
  /** The evidence archive of the signed asset with this manifest (404 when the gateway holds none). */
  ofManifest(manifestId: string): Promise<EvidenceArchive>;
}

interface Member {
  name: TEvidenceArchiveMember;
  bytes: Uint8Array;
  /** Already compressed, or too small to gain (DER, JUMBF): stored as it is. */
  stored?: boolean;
}

/** The OCSP answer the revocation verdict rests on: the responder asked, else the one stapled in the signature. */
function ocspAnswerOf(report: TVerifyResponse, manifestStore: Uint8Array): { bytes: Uint8Array; origin: 'asked' | 'stapled' } | null {
  const asked = report.verification.evidence?.revocation?.response;
  if (asked) return { bytes: new Uint8Array(Buffer.from(asked, 'base64')), origin: 'asked' };
  const label = report.report.manifestId;
  const stapled = label ? signerRevocation.stapledIn(manifestStore, label) : null;
  return stapled ? { bytes: stapled, origin: 'stapled' } : null;
}

/** The ZIP of the members, deflated a member at a time as the stream is read. */
function zipStream(members: readonly Member[], mtime: Date): ReadableStream<Uint8Array> {
  let next = 0;
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    pull() {
      const member = members[next++];
      if (!member) return zip.end();
      const file = member.stored ? new ZipPassThrough(member.name) : new ZipDeflate(member.name, { level: 6 });
      file.mtime = mtime;
      zip.add(file);
      file.push(member.bytes, true);
    },
    cancel() {
      zip.terminate();
    },
  });
}

export function createEvidenceArchives(deps: {
  signedAssets: SignedAssets;
  store: AssetStore;
  verifier: ContentVerifier;
  snapshots: TrustSnapshotFiles;
  /** Where a signed asset's file is served, named in README.txt. */
  signedAssetUrlOf: (assetId: string) => string;
  /** crJSON is made of a file read whole: a stored file over this size (a video signed from disk) gets none. */
  inMemoryBytes: number;
  clock?: (() => Date) | undefined;
}): EvidenceArchives {
  const { signedAssets, store, verifier, snapshots } = deps;

  /** c2pa-rs's crJSON under the report's snapshot as of its instant; null with the reason when it cannot be made. */
  async function crJsonOf(manifestId: string, report: TVerifyResponse, row: { sidecar: boolean; signedBytes: number }): Promise<{ json: string } | { absent: string }> {
    if (row.sidecar) return { absent: 'c2pa-rs makes crJSON of a file that carries its manifest store; this asset was signed with a .c2pa sidecar, which manifest-store.c2pa is.' };
    if (row.signedBytes > deps.inMemoryBytes) return { absent: `crJSON is made of a file read whole; this one (${row.signedBytes} bytes) is verified from disk, in the report only.` };
    const evidence = report.verification.evidence;
    const answer = await verifier.verifyContent(
      { kind: 'manifest', manifestId },
      { format: 'crjson', ...(evidence && { at: new Date(evidence.validatedAt) }), ...(evidence?.trustSnapshot && { trustSnapshot: evidence.trustSnapshot.id }) },
    );
    return { json: answer.json };
  }

  return {
    async ofManifest(manifestId) {
      const row = await signedAssets.findByManifestId(manifestId);
      const manifestStore = row ? await store.get(row.id, 'manifest.c2pa') : null;
      if (!row || !manifestStore) throw DomainError.notFound(`No signed asset with manifest ${manifestId}`);
      // The file's own verdict now (the cached one when these bytes were verified under the lists in force).
      const report = await verifier.verifyStoredAsset(row);
      const evidence = report.verification.evidence;
      const snapshot = evidence?.trustSnapshot ? await snapshots.find(evidence.trustSnapshot.id) : null;
      const crJson = await crJsonOf(manifestId, report, row);
      const ocsp = ocspAnswerOf(report, manifestStore);
      const chain = report.report.signer?.certificateChainPem ?? [];

      const members: Member[] = [{ name: MEMBERS.report, bytes: strToU8(`${JSON.stringify(report, null, 2)}\n`) }];
      const absent: AbsentMember[] = [];
      // c2pa-rs's text as it gave it.
      if ('json' in crJson) members.push({ name: MEMBERS.crJson, bytes: strToU8(crJson.json) });
      else absent.push({ name: MEMBERS.crJson, why: crJson.absent });
      members.push({ name: MEMBERS.manifestStore, bytes: manifestStore, stored: true });
      if (chain.length > 0) members.push({ name: MEMBERS.signerChain, bytes: strToU8(`${chain.map((pem) => pem.trim()).join('\n')}\n`) });
      else absent.push({ name: MEMBERS.signerChain, why: 'The signer’s certificate chain could not be read from the manifest.' });
      if (snapshot) {
        const signers = trustAnchorsPem(snapshot, 'signers');
        const timestamps = trustAnchorsPem(snapshot, 'timestamps');
        if (signers) members.push({ name: MEMBERS.trustAnchors, bytes: strToU8(signers) });
        if (timestamps) members.push({ name: MEMBERS.tsaTrustAnchors, bytes: strToU8(timestamps) });
        members.push({ name: MEMBERS.trustSnapshot, bytes: strToU8(`${JSON.stringify(snapshot, null, 2)}\n`) });
      } else {
        const why = 'The verdict names no trust snapshot this gateway keeps.';
        absent.push({ name: MEMBERS.trustAnchors, why }, { name: MEMBERS.trustSnapshot, why });
      }
      if (ocsp) members.push({ name: MEMBERS.ocspResponse, bytes: ocsp.bytes, stored: true });
      else absent.push({ name: MEMBERS.ocspResponse, why: 'No OCSP answer: the signature carries none and no responder was asked (this gateway answers for the certificates it issued from its own records).' });

      const madeAt = deps.clock?.() ?? new Date();
      const readme = evidenceReadme({
        report,
        snapshot,
        present: members.map((member) => member.name),
        absent,
        ocspOrigin: ocsp?.origin ?? null,
        signedAssetUrl: deps.signedAssetUrlOf(row.id),
        madeAt,
      });
      return {
        fileName: `${manifestId.replace(/[^a-zA-Z0-9-]/g, '_')}.evidence.zip`,
        body: zipStream([{ name: MEMBERS.readme, bytes: strToU8(readme) }, ...members], madeAt),
      };
    },
  };
}
