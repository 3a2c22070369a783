// The development product certificate to the claim-signing profile's subject and AIA, over real
// HTTP: its subject has C (ZZ, "unknown", when OPERATOR_COUNTRY is unset; the operator's country
// when set), O and CN, and its AIA names, besides the OCSP responder, a caIssuers address under
// PUBLIC_URL that this gateway serves: GET on it answers the issuing intermediate as DER, and that
// certificate verifies the leaf's signature.
import { X509Certificate } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ZClaimSigner } from '@provenance/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

let database: DbHandle;
let listening: ServerType;
let base: string;
/** The server answering on `base`, made once the address is known (the certificate names it). */
let answering: TestServer | undefined;

const leafOf = (chainPem: string) => new X509Certificate(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(chainPem)![0]);
/** node prints the AIA one access a line: "OCSP - URI:…", "CA Issuers - URI:…". */
const accessOf = (leaf: X509Certificate, method: string): string[] =>
  (leaf.infoAccess ?? '')
    .split('\n')
    .filter((line) => line.startsWith(`${method} - URI:`))
    .map((line) => line.slice(`${method} - URI:`.length));

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  await new Promise<void>((ready) => {
    listening = serve({ fetch: (request) => (answering ? answering.app.fetch(request) : new Response('not yet', { status: 503 })), port: 0, hostname: '127.0.0.1' }, () => ready());
  });
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((closed) => listening?.close(closed));
  await database?.close();
});

describe('the development product certificate’s subject and issuer address', () => {
  it('names C (ZZ without OPERATOR_COUNTRY), O and CN, and its caIssuers address answers the intermediate that verifies it', async () => {
    answering = await createTestServer(database, { config: { publicUrl: base } });
    const described = await readAnswer(ZClaimSigner, await fetch(`${base}/api/v1/pki/claim-signer`));
    const leaf = leafOf(described.certificateChain);
    expect(leaf.subject.split('\n')).toEqual(['C=ZZ', 'O=Provenance Gateway development installation', 'CN=Provenance Gateway']);
    expect(accessOf(leaf, 'OCSP')).toEqual([`${base}/api/v1/pki/ocsp`]);
    const [caIssuers, ...others] = accessOf(leaf, 'CA Issuers');
    expect(others).toEqual([]);
    expect(caIssuers).toBe(`${base}/api/v1/pki/intermediate.cer`);

    const response = await fetch(caIssuers!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pkix-cert');
    const issuer = new X509Certificate(Buffer.from(await response.arrayBuffer()));
    expect(leaf.checkIssued(issuer)).toBe(true);
    expect(leaf.verify(issuer.publicKey)).toBe(true);
    // And it is the intermediate the chain carries, under the installation's root.
    expect(issuer.raw.equals(leafOf(described.certificateChain.replace(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/, '')).raw)).toBe(true);
    expect(issuer.verify(new X509Certificate(answering.services.engine.rootCertificatePem).publicKey)).toBe(true);
  }, 60_000);

  it('names the operator’s country when OPERATOR_COUNTRY is set, reissuing the certificate that did not', async () => {
    answering = await createTestServer(database, { config: { publicUrl: base }, claimSigning: { setting: { kind: 'development' }, operator: 'Example News Ltd', country: 'GB' } });
    const leaf = leafOf((await readAnswer(ZClaimSigner, await fetch(`${base}/api/v1/pki/claim-signer`))).certificateChain);
    expect(leaf.subject.split('\n')).toEqual(['C=GB', 'O=Example News Ltd', 'CN=Provenance Gateway']);
    expect(accessOf(leaf, 'CA Issuers')).toEqual([`${base}/api/v1/pki/intermediate.cer`]);
  }, 60_000);
});
