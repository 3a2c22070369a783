// The revocation step against a real OCSP responder (openssl ocsp on loopback) for a chain whose
// signing certificate names it: good, revoked before and after signing, unreachable, a responder
// that never answers, cached answers, the gateway's own records, and a response for another request.
import { get } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, sign, verify, type TrustStore, type VerifyResponse } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { startOcspTestAuthority, type OcspTestAuthority } from '../testing/ocsp-responder.ts';
import { applyRevocation } from './apply-revocation.ts';
import { checkOcspResponse, ocspGetUrl, ocspQuery } from './ocsp.ts';
import { checkRevocation, type OcspAnswerCache, type RevocationSources } from './revocation-step.ts';
import type { SigningCredential } from './signing-credential.ts';

/** A loopback GET that counts the requests made (the engine's callers use their safe fetcher). */
function countingFetch(): { fetchOcsp: RevocationSources['fetchOcsp']; requests: () => number } {
  let requests = 0;
  return {
    requests: () => requests,
    fetchOcsp: (url) => {
      requests += 1;
      return new Promise((resolve, reject) => {
        get(url, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => (response.statusCode === 200 ? resolve(new Uint8Array(Buffer.concat(chunks))) : reject(new Error(`HTTP ${response.statusCode}`))));
        }).on('error', reject);
      });
    },
  };
}

const memoryCache = (): OcspAnswerCache & { size: () => number } => {
  const entries = new Map<string, Parameters<OcspAnswerCache['set']>[1]>();
  return { get: (key) => entries.get(key), set: (key, answer) => void entries.set(key, answer), size: () => entries.size };
};

let authority: OcspTestAuthority;
let trust: TrustStore;
let signed: Uint8Array;

beforeAll(async () => {
  authority = await startOcspTestAuthority();
  trust = createTrustStore([authority.rootPem]);
  const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
  signed = (await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'OCSP Tester' }, { signer })).signedBytes;
}, 30_000);
afterAll(async () => authority?.close());

async function credential(): Promise<{ response: VerifyResponse; credential: SigningCredential }> {
  const { response, signingCredential } = await verify(signed, 'image/jpeg', { trust, answer: 'credentialed' });
  expect(signingCredential).not.toBeNull();
  return { response, credential: signingCredential! };
}

describe('revocation by OCSP', () => {
  it('names the responder of the signing certificate and asks it: good keeps the verdict and says so', async () => {
    const { response, credential: signing } = await credential();
    expect(response.verification.status).toBe('verified');
    expect(signing.responder).toBe(authority.url);
    expect(signing.serialNumber).toBe(authority.serialNumber);
    const { fetchOcsp, requests } = countingFetch();
    const outcome = await checkRevocation(signing, { fetchOcsp });
    expect(requests()).toBe(1);
    expect(outcome?.check).toMatchObject({ status: 'good', source: 'ocsp', responder: authority.url, revokedAt: null });
    expect(outcome?.validUntil?.getTime()).toBeGreaterThan(Date.now());
    const applied = applyRevocation(response, outcome!.check, signing.signedAt);
    expect(applied.verification.status).toBe('verified');
    expect(applied.verification.revocation?.status).toBe('good');
    expect(applied.report.codes.success.map((code) => code.code)).toContain('signingCredential.ocsp.notRevoked');
  });

  it('reuses a cached answer until its nextUpdate: a second check makes no request', async () => {
    const { credential: signing } = await credential();
    const { fetchOcsp, requests } = countingFetch();
    const cache = memoryCache();
    await checkRevocation(signing, { fetchOcsp, cache });
    const second = await checkRevocation(signing, { fetchOcsp, cache });
    expect(second?.check.status).toBe('good');
    expect(requests()).toBe(1);
    // Past the answer's nextUpdate (10 minutes), the responder is asked again.
    await checkRevocation(signing, { fetchOcsp, cache, now: () => new Date(Date.now() + 11 * 60_000) });
    expect(requests()).toBe(2);
  });

  it('refuses an answer to another request (a replayed nonce) or signed for another issuer', async () => {
    const { credential: signing } = await credential();
    const { fetchOcsp } = countingFetch();
    const query = ocspQuery(signing);
    const answer = await fetchOcsp(ocspGetUrl(authority.url, query));
    await expect(checkOcspResponse(answer, query, signing)).resolves.toMatchObject({ status: 'good' });
    await expect(checkOcspResponse(answer, ocspQuery(signing), signing)).rejects.toThrow(/nonce/);
    // Checked against another issuer, the responder's signature is not one it authorised.
    await expect(checkOcspResponse(answer, query, { ...signing, issuer: signing.certificate })).rejects.toThrow(/not signed by the issuer|does not answer/);
  });

  it('answers from the gateway’s own records without a fetch', async () => {
    const { credential: signing } = await credential();
    const { fetchOcsp, requests } = countingFetch();
    const revokedAt = new Date(Date.parse(signing.signedAt ?? new Date().toISOString()) - 60_000);
    const outcome = await checkRevocation(signing, { fetchOcsp, ownRecords: async () => ({ status: 'revoked', revokedAt }) });
    expect(requests()).toBe(0);
    expect(outcome?.check).toMatchObject({ status: 'revoked', source: 'gateway', revokedAt: revokedAt.toISOString() });
  });

  it('gives a not-checked note within the time limit when the responder never answers', async () => {
    const { response, credential: signing } = await credential();
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const { fetchOcsp } = countingFetch();
    try {
      const outcome = await checkRevocation({ ...signing, responder: `http://127.0.0.1:${port}/` }, { fetchOcsp, timeLimitMs: 300 });
      expect(outcome?.check).toMatchObject({ status: 'not_checked', checkedAt: null });
      expect(outcome?.check.reason).toMatch(/did not answer within 0.3 s/);
      expect(outcome?.validUntil?.getTime()).toBeLessThanOrEqual(Date.now());
      const applied = applyRevocation(response, outcome!.check, signing.signedAt);
      expect(applied.verification.status).toBe('verified');
      expect(applied.report.codes.informational.map((code) => code.code)).toContain('signingCredential.ocsp.inaccessible');
    } finally {
      silent.close();
    }
  });

  // Last: revokes the signing certificate and takes the responder down.
  it('revoked before signing makes the verification invalid with signingCredential.revoked; after signing leaves it standing; down gives not_checked', async () => {
    const { response, credential: signing } = await credential();
    const signedAt = Date.parse(signing.signedAt!);
    await authority.revoke(new Date(signedAt + 60 * 60_000));
    const { fetchOcsp } = countingFetch();
    const later = await checkRevocation(signing, { fetchOcsp });
    expect(later?.check.status).toBe('revoked');
    expect(applyRevocation(structuredClone(response), later!.check, signing.signedAt).verification.status).toBe('verified');

    await authority.revoke(new Date(signedAt - 60 * 60_000));
    const before = await checkRevocation(signing, { fetchOcsp });
    expect(before?.check).toMatchObject({ status: 'revoked', source: 'ocsp' });
    const applied = applyRevocation(structuredClone(response), before!.check, signing.signedAt);
    expect(applied.verification).toMatchObject({ status: 'invalid', reasonCode: 'signingCredential.revoked', trustLevel: 'untrusted' });
    expect(applied.report.codes.failure.map((code) => code.code)).toContain('signingCredential.revoked');
    expect(applied.badge.message).toMatch(/invalid.*revoked/);

    await authority.stop();
    const down = await checkRevocation(signing, { fetchOcsp });
    expect(down?.check.status).toBe('not_checked');
    expect(applyRevocation(structuredClone(response), down!.check, signing.signedAt).verification.status).toBe('verified');
  }, 30_000);
});
