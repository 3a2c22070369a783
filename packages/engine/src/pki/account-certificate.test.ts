import { X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePool, type EnginePool } from '../pool/engine-pool.ts';
import { makeImage } from '../testing/make-assets.ts';
import { ORGANIZATION_VERIFIED_POLICY } from '../report/organization-vouch.ts';
import { certificatePolicies } from '../report/signer-certificates.ts';
import { issueAccountCertificate } from './account-certificate.ts';
import { ensureLocalPki, type LocalPki } from './local-pki.ts';

describe('account certificates (managed signing identities)', () => {
  let pki: LocalPki;
  let pool: EnginePool;
  beforeAll(async () => {
    ({ pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-account-cert-')), 'pki')));
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
  });
  afterAll(async () => pool.close());

  it('issues an ES256 claim-signing certificate from the intermediate, naming the organisation, with the OCSP responder in its AIA', async () => {
    const issued = await issueAccountCertificate(pki.dir, { organization: 'Daily Planet, Metropolis', ocspUrl: 'https://gateway.example/api/v1/pki/ocsp' });
    const [leafPem, intermediatePem] = issued.certificateChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const leaf = new X509Certificate(leafPem!);
    expect(leaf.checkIssued(new X509Certificate(intermediatePem!))).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(leaf.subject).toContain('O=Daily Planet\\, Metropolis');
    expect(leaf.subject).toContain('CN=Daily Planet\\, Metropolis via Provenance Gateway');
    expect(leaf.keyUsage).toContain('1.3.6.1.4.1.62558.2.1');
    expect(leaf.infoAccess).toContain('OCSP - URI:https://gateway.example/api/v1/pki/ocsp');
    expect(leaf.serialNumber.toLowerCase()).toBe(issued.serialNumber);
    expect(leaf.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('marks a certificate issued for a verified organisation with the organisation-verified policy, and only that one', async () => {
    const policiesOf = async (organizationVerified: boolean) => {
      const issued = await issueAccountCertificate(pki.dir, { organization: 'Reuters', organizationVerified, organizationDomain: 'reuters.com', ocspUrl: 'https://gateway.example/api/v1/pki/ocsp' });
      const leaf = new X509Certificate(issued.certificateChainPem);
      return { policies: certificatePolicies(leaf.raw), names: leaf.subjectAltName ?? null };
    };
    // The domain where it was verified is named (a dNSName) only with the policy.
    expect(await policiesOf(true)).toEqual({ policies: [ORGANIZATION_VERIFIED_POLICY], names: 'DNS:reuters.com' });
    expect(await policiesOf(false)).toEqual({ policies: [], names: null });
  });

  it('signs each task with the identity it brings: two accounts, two organisations in the manifests', async () => {
    const image = await makeImage('jpeg');
    const names: (string | null | undefined)[] = [];
    for (const organization of ['Daily Planet', 'Gotham Gazette']) {
      const issued = await issueAccountCertificate(pki.dir, { organization, ocspUrl: 'https://gateway.example/api/v1/pki/ocsp' });
      const signed = await pool.sign(image, 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer: { privateKeyPem: issued.privateKeyPem, certificateChainPem: issued.certificateChainPem } });
      const report = await pool.verify(signed.signedBytes, 'image/jpeg');
      expect(report.verification.status).toBe('verified');
      names.push(report.report.signer?.organization);
    }
    expect(names).toEqual(['Daily Planet', 'Gotham Gazette']);
    // Without one, the pool's own signer still signs.
    const plain = await pool.verify((await pool.sign(image, 'image/jpeg', { creator: 'Ada', aiAssisted: false })).signedBytes, 'image/jpeg');
    expect(plain.report.signer?.organization).toBe('Provenance Gateway');
  });
});
