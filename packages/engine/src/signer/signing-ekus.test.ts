// A signing certificate whose only extended key usage is one the C2PA certificate profile names
// (c2pa-kp-claimSigning, id-kp-documentSigning) signs and verifies: c2pa-rs is told those purposes
// are allowed (reader-settings.ts). Before, each such signing failed on c2pa-rs's read-back.
import { describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { issueTestSigningChain } from '../testing/test-signing-chain.ts';

/** A newsroom's chain whose leaf has only `eku`: the signer and the trust its root gives. */
async function newsroomSigner(eku: string) {
  const chain = await issueTestSigningChain({ ekus: [eku] });
  return {
    signer: createPemSigner({ privateKeyPem: chain.privateKeyPem, certificateChainPem: chain.certificateChainPem }),
    trust: createTrustStore([{ name: 'newsroom', tier: 'custom', pems: [chain.rootPem] }]),
  };
}

describe('signing certificates with the C2PA profile’s extended key usages', () => {
  it.each([
    ['c2pa-kp-claimSigning', '1.3.6.1.4.1.62558.2.1'],
    ['id-kp-documentSigning', '1.3.6.1.5.5.7.3.36'],
  ])('a certificate with only %s signs, and its file verifies under its root', async (_name, eku) => {
    const { signer, trust } = await newsroomSigner(eku);
    const { signedBytes } = await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer });
    const { verification, report } = await verify(signedBytes, 'image/jpeg', { trust });
    expect(report.codes.failure).toEqual([]);
    expect(verification).toMatchObject({ status: 'verified', chainValid: true, trust: { tier: 'custom', list: 'newsroom' } });
  });

  it('refuses to sign with a certificate for another purpose (TLS servers), and says why in the error', async () => {
    const { signer } = await newsroomSigner('1.3.6.1.5.5.7.3.1');
    const refusal = await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'signing_failed' });
    expect((refusal as Error).message).toMatch(/^The asset could not be signed: the signed manifest failed validation: signingCredential\.invalid \(/);
  });
});
