import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { sign } from '../sign.ts';
import { verify } from '../verify.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createCallbackSigner, createPemSigner, reserveSizeFor, toC2paSignerDefinition } from './claim-signer.ts';

describe('claim signers', async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-signer-')), 'pki'));

  it('reserves exactly the size of the real COSE_Sign1, and fills it exactly', async () => {
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const definition = toC2paSignerDefinition(signer);
    const cose = await definition.sign(new Uint8Array(300) as Uint8Array<ArrayBuffer>);
    expect(cose.byteLength).toBe(reserveSizeFor(signer));
    // Chain (two certificates) plus a 64-byte signature and CBOR framing: well under 2 kB, not a round 10 kB.
    expect(definition.reserveSize).toBeLessThan(2048);
  });

  it('accepts a KMS-style callback whose key never enters this process', async () => {
    const pemSigner = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const calls: number[] = [];
    const remote = createCallbackSigner({
      alg: 'es256',
      certificateChainPem: pki.signerChainPem,
      sign: async (data) => {
        calls.push(data.byteLength);
        return pemSigner.sign(data);
      },
    });
    const result = await sign(await makeImage('png'), 'image/png', { aiAssisted: true }, { signer: remote });
    expect(calls).toHaveLength(1);
    const report = await verify(result.signedBytes, 'image/png', { trust: createTrustStore([pki.rootCertificatePem]) });
    expect(report.verification.status).toBe('verified');
  });

  it('refuses a key that does not belong to the certificate', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const stranger = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => createPemSigner({ privateKeyPem: stranger, certificateChainPem: pki.signerChainPem })).toThrow(/does not belong/);
    expect(() => createPemSigner({ privateKeyPem: 'not a key', certificateChainPem: pki.signerChainPem })).toThrow(/PKCS#8/);
  });
});
