// The test signing a brought identity must pass before it is stored: a small picture is signed with
// it exactly as the account's signings will be (the gateway engine's sign: the same c2pa-rs settings,
// an engine worker, the time-stamping authority when TSA_URL is set, a remote identity's service
// asked through the safe fetcher; an authority that does not answer is left out, as a signing
// leaves it) and the signed file verified as signing verifies it. c2pa-rs
// refuses on its read-back certificates its profile does not accept (no authority key identifier,
// the any-purpose extended key usage, a CA's key usage, a SHA-1 signature...) that the upload checks
// do not all know: without this test such an identity was added, then every signing failed.
import sharp from 'sharp';
import { ProvenanceError, type ClaimSigner, type SignerMaterial } from '@provenance/engine';
import type { Logger } from '../../logging/logger.ts';
import { DomainError } from '../domain-error.ts';
import type { Engine } from '../engine/engine.ts';

/** Resolves when the signer signs a file that validates; throws 422 identity_cannot_sign with the engine's reason otherwise. */
export type IdentityProbe = (signer: SignerMaterial | ClaimSigner) => Promise<void>;

const SIGNING_REFUSED = /^The asset could not be signed: /;

let testPicture: Promise<Uint8Array> | null = null;

/** A 16×16 grey JPEG, made once: the smallest file signing takes the usual c2pa-wasm path for. */
function pictureToSign(): Promise<Uint8Array> {
  testPicture ??= sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))
    .catch((error: unknown) => {
      // Made again next time rather than failing every upload after one failure.
      testPicture = null;
      throw error;
    });
  return testPicture;
}

function cannotSign(reason: string): DomainError {
  return new DomainError('unprocessable', 'identity_cannot_sign', `The identity was not added: a test signing with it failed (${reason}). Signing with it would fail the same way.`);
}

export function createIdentityProbe(engine: Pick<Engine, 'sign' | 'verify'>, logger: Logger): IdentityProbe {
  return async (signer) => {
    const bytes = await pictureToSign();
    let signed;
    try {
      const sign = (withoutTimestamp: boolean) => engine.sign(bytes, 'image/jpeg', { title: 'signing-identity-test.jpg', aiAssisted: false }, { signer, ...(withoutTimestamp && { withoutTimestamp }) });
      // As a signing, an authority that does not answer fails nothing: the identity is tested without it.
      signed = await sign(false).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'timestamp_failed') return sign(true);
        throw error;
      });
    } catch (error) {
      if (!(error instanceof ProvenanceError) || error.code !== 'signing_failed') throw error;
      const reason = error.message.replace(SIGNING_REFUSED, '');
      logger.warn('signing identity refused: its test signing failed', { reason, detail: error.detail?.slice(0, 1000) });
      throw cannotSign(reason);
    }
    const { verification, report } = await engine.verify(signed.signedBytes, signed.mime);
    if (verification.status === 'invalid') {
      const failures = report.codes.failure.map(({ code, explanation }) => `${code} (${explanation})`).join('; ');
      const reason = `the signed file does not validate: ${failures || report.reason}`;
      logger.warn('signing identity refused: its test signature does not validate', { reason });
      throw cannotSign(reason);
    }
  };
}
