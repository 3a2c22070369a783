// Tells an account that content it signed failed verification here (verification.failed), behind
// the answer: only when the failing file's claim signature validates under the certificate of the
// stored asset its manifest ID names (same-signer.ts), as a manifest ID is public.
import type { SerializedVerification, VerifyResponse } from '@provenance/engine';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import { signedBySameCertificate } from './same-signer.ts';
import type { FileSource, VerifyCaller } from './verify-request.ts';

export type FailureAnnouncer = (verification: SerializedVerification, source: FileSource, caller: VerifyCaller, verificationId: string) => Promise<void>;

export function createFailureAnnouncer(deps: {
  signedAssets: SignedAssets;
  accountEvents: AccountEvents;
  /** The certificate chain (PEM, leaf first) a stored asset was signed with, when recorded (its signing identity's); null when not. */
  signingChainOf?: ((asset: SignedAssetRow) => Promise<string | null>) | undefined;
  /** The verification of the stored asset with this manifest, for its signer when no chain was recorded. */
  verifyStored: (manifestId: string) => Promise<VerifyResponse>;
}): FailureAnnouncer {
  const { signedAssets } = deps;
  /**
   * Content one of our accounts signed failed verification here (tampered, its signer revoked...):
   * the account hears of it. The owner is found by the manifest ID the file still names, and hears
   * only when the file's claim signature validates under the certificate its asset was signed with:
   * a manifest ID is public, and another signed file relabelled with it is not the owner's content.
   */
  async function announceFailure(verification: SerializedVerification, source: FileSource, caller: VerifyCaller, verificationId: string): Promise<void> {
    const asset = await signedAssets.findByManifestId(verification.manifestId!);
    if (!asset) return;
    const { report, verification: failing } = JSON.parse(verification.json) as VerifyResponse;
    if (!failing.signatureValid || !report.signer) return;
    // The certificate recorded with the asset (its signing identity's); else the stored file's signer,
    // which costs reading and verifying it (the verdict cached).
    const ownersChain = (await deps.signingChainOf?.(asset)) ?? (await deps.verifyStored(asset.manifestId)).report.signer?.certificateChainPem[0];
    if (!signedBySameCertificate({ verification: failing, signer: report.signer }, ownersChain)) return;
    const verifiedAt = new Date();
    await deps.accountEvents.emit({
      type: 'verification.failed',
      accountId: asset.userId,
      occurredAt: verifiedAt,
      // A verification run again under the same event ID (a job item) is announced once.
      eventId: `verification.failed:${verificationId}`,
      data: {
        manifestId: verification.manifestId,
        assetId: asset.id,
        title: asset.title,
        status: verification.status,
        reason: verification.reason,
        failureCodes: [...new Set([...report.codes.failure, ...report.ingredientFailures].map((code) => code.code))],
        source: source.kind === 'spooled-upload' ? 'upload' : source.kind,
        sourceUrl: source.kind === 'url' ? source.url : null,
        referrer: caller.referrer ?? null,
        verificationId,
        verifiedAt: verifiedAt.toISOString(),
      },
    });
  }
  return announceFailure;
}
