// A named actor's credential revocation on real verdicts (c2pa-rs reading files signed with the
// gateway's local PKI and an organisation's credential): a revocation counts unless the claim's
// trusted timestamp shows the claim was signed before it, it changes the actor's entry only, and a
// credential nobody checked says so.
import { beforeAll, describe, expect, it } from 'vitest';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import type { RevocationCheck } from '../report/verification-report.ts';
import { sign } from '../sign.ts';
import { createPemSigner } from '../signer/claim-signer.ts';
import { createRfc3161Timestamper, type TimestampTransport } from '../signer/rfc3161-timestamper.ts';
import { openLocalSigning, type LocalSigning } from '../testing/local-signing.ts';
import { startLocalTsa } from '../testing/local-tsa.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { applyIdentityRevocation } from './apply-identity-revocation.ts';

let gateway: LocalSigning;
beforeAll(async () => {
  gateway = await openLocalSigning('pg-identity-revocation-');
});

const revokedAt = (at: Date): RevocationCheck => ({ status: 'revoked', source: 'gateway', responder: null, checkedAt: new Date().toISOString(), revokedAt: at.toISOString(), reason: null });

async function signedFor(organization: string, timestamper?: ReturnType<typeof createRfc3161Timestamper>): Promise<Uint8Array> {
  const credential = createPemSigner(await issueAccountCertificate(gateway.pki.dir, { organization, ocspUrl: 'http://127.0.0.1:9/ocsp' }));
  return (await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada' }, { signer: gateway.signer, identity: { credential }, ...(timestamper && { timestamper }) })).signedBytes;
}

describe('a named actor’s credential revocation', () => {
  it('without a trusted timestamp counts as of now: the actor reads revoked, the claim stays verified', async () => {
    const made = await verify(await signedFor('Harbour Press'), 'image/jpeg', { trust: gateway.trust, answer: 'credentialed' });
    expect(made.identityCredentials).toEqual([expect.objectContaining({ label: 'cawg.identity', credential: expect.objectContaining({ signedAt: null }) })]);
    const { verification, badge } = made.response;
    const claimBadge = badge.message;
    const credential = made.identityCredentials![0]!.credential;
    const revised = applyIdentityRevocation(made.response, [{ label: 'cawg.identity', check: revokedAt(new Date()), signedAt: credential.signedAt }]);
    expect(revised.verification.status).toBe(verification.status);
    expect(revised.verification.status).toBe('verified');
    expect(revised.badge.message).toBe(claimBadge);
    expect(revised.verification.identities?.[0]).toMatchObject({ status: 'revoked', revocation: { status: 'revoked' } });
    expect(revised.verification.identities?.[0]?.codes.failure.map((code) => code.code)).toEqual(['gateway.identity.credential.revoked']);
  });

  it('after the claim’s trusted timestamp leaves the actor standing, noted; before it, revoked', async () => {
    const tsa = await startLocalTsa();
    try {
      const transport: TimestampTransport = async (request) => new Uint8Array(await (await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request })).arrayBuffer());
      const bytes = await signedFor('Quay Daily', createRfc3161Timestamper(transport));
      const trust = createTrustStore([gateway.pki.rootCertificatePem, { name: 'test TSA', tier: 'custom', purpose: 'timestamps', pems: [tsa.rootPem] }]);
      const read = () => verify(bytes, 'image/jpeg', { trust, answer: 'credentialed' });
      const made = await read();
      const stamped = made.response.report.timestamp;
      expect(stamped?.trusted).toBe(true);
      const signedAt = made.identityCredentials![0]!.credential.signedAt;
      expect(signedAt).toBe(stamped!.time);

      const later = applyIdentityRevocation(made.response, [{ label: 'cawg.identity', check: revokedAt(new Date(Date.parse(signedAt!) + 3_600_000)), signedAt }]);
      expect(later.verification.identities?.[0]).toMatchObject({ status: 'trusted', revocation: { status: 'revoked' } });
      expect(later.verification.identities?.[0]?.codes.informational.map((code) => code.code)).toEqual(['gateway.identity.credential.revokedAfterSigning']);

      const earlier = (await read()).response;
      const before = applyIdentityRevocation(earlier, [{ label: 'cawg.identity', check: revokedAt(new Date(Date.parse(signedAt!) - 3_600_000)), signedAt }]);
      expect(before.verification.identities?.[0]?.status).toBe('revoked');
    } finally {
      await tsa.close();
    }
  });

  it('says when a credential was not checked, and why, without changing its verdict', async () => {
    const { response } = await verify(await signedFor('Valley Ledger'), 'image/jpeg', { trust: gateway.trust, answer: 'credentialed' });
    const check: RevocationCheck = { status: 'not_checked', source: 'gateway', responder: null, checkedAt: null, revokedAt: null, reason: 'Not issued here.' };
    const revised = applyIdentityRevocation(response, [{ label: 'cawg.identity', check, signedAt: null }]);
    expect(revised.verification.identities?.[0]).toMatchObject({ status: 'trusted', revocation: check });
    expect(revised.verification.identities?.[0]?.codes.informational).toEqual([expect.objectContaining({ code: 'gateway.identity.revocation.notChecked', explanation: expect.stringContaining('Not issued here.') })]);
  });
});
