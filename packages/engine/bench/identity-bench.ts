/**
 * The signing cost of each kind of signing identity: a 100 kB JPEG signed through a one-worker
 * engine pool (as the server signs) by the pool's own signer, by an account's managed ES256
 * certificate and by certificates brought by an account (the c2pa-rs test certificates), each
 * identity's key crossing to the worker with the task; by a remote identity (the reference signing
 * service on loopback holding the managed key: the worker asks the parent thread, which POSTs the
 * HMAC-authenticated request); and the cost of issuing a managed certificate.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createClaimSigner } from '../src/signer/signer-factory.ts';
import { issueAccountCertificate } from '../src/pki/account-certificate.ts';
import { startSigningService } from '../src/signer/signing-service.ts';
import {
  createEnginePool,
  createPemSigner,
  ensureLocalPki,
  type ClaimSigner,
  type PostSigningRequest,
  type SignerMaterial,
} from '../src/index.ts';
import { corpusText, hasCorpus } from '../src/testing/shared-corpus.ts';
import { makeSizedImage } from './engine-bench.ts';
import { ms, table, time } from './measure.ts';

/** The parent thread's POST to the signing service (the server uses its safe fetcher): plain node:http on loopback. */
const postLoopback: PostSigningRequest = (url, post) =>
  new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { ...post.headers, 'content-type': post.contentType } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve({ bytes: new Uint8Array(Buffer.concat(chunks)) }) : reject(new Error(`signing service ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(post.body);
  });

export async function runIdentityBench(log: (text: string) => void, runs = 30): Promise<void> {
  log('\n### Signing identities (100 kB JPEG through a one-worker engine pool; the key travels with each task)\n');
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-identity-bench-')), 'pki'));
  const pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
  let stopService: (() => Promise<void>) | undefined;
  try {
    const image = await makeSizedImage('jpeg', 100_000);
    const ocspUrl = 'http://127.0.0.1:8080/api/v1/pki/ocsp';
    const managed = await issueAccountCertificate(pki.dir, { organization: 'Bench Newsroom', ocspUrl });
    const secret = 'bench remote signing secret';
    const service = await startSigningService({ privateKeyPem: managed.privateKeyPem, certificateChainPem: managed.certificateChainPem, secret, port: 0 });
    stopService = () => service.close();
    const remote = createClaimSigner({ kind: 'remote', url: service.url, secret, certificateChainPem: managed.certificateChainPem, alg: 'es256' }, { post: postLoopback });
    const identities: [string, SignerMaterial | ClaimSigner | undefined][] = [
      ['gateway signer (pool default, ES256)', undefined],
      ['managed (account certificate, ES256)', { privateKeyPem: managed.privateKeyPem, certificateChainPem: managed.certificateChainPem }],
      ...(hasCorpus
        ? (['es256', 'ps256', 'ed25519'] as const).map((alg): [string, SignerMaterial] => [
            `uploaded (c2pa-rs test certificate, ${alg.toUpperCase()})`,
            { privateKeyPem: corpusText(`certs/${alg}.key.pem`), certificateChainPem: corpusText(`certs/${alg}.chain.pem`) },
          ])
        : []),
      ['remote (reference signing service on loopback, ES256)', remote],
    ];
    // Kinds take turns, run by run, so the shared machine's slow moments fall on all of them alike.
    const samples = identities.map((): number[] => []);
    const signAs = (material: SignerMaterial | ClaimSigner | undefined) => pool.sign(image, 'image/jpeg', { creator: 'Bench', aiAssisted: false }, { signer: material });
    for (const [, material] of identities) await signAs(material);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, [, material]] of identities.entries()) {
        const started = performance.now();
        await signAs(material);
        samples[index]!.push(performance.now() - started);
      }
    }
    const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;
    const rows: string[][] = identities.map(([label], index) => [label, ms(quantile(samples[index]!, 0.5)), ms(quantile(samples[index]!, 0.99))]);
    const issuing = await time(runs, () => issueAccountCertificate(pki.dir, { organization: 'Bench Newsroom', ocspUrl }));
    rows.push(['issuing a managed certificate (key pair + certificate, once per account and renewal)', ms(issuing.p50), ms(issuing.p99)]);
    const parsing = await time(runs, async () => createPemSigner({ privateKeyPem: managed.privateKeyPem, certificateChainPem: managed.certificateChainPem }));
    rows.push(["a worker's first use of an identity (parse key and chain; then cached)", ms(parsing.p50), ms(parsing.p99)]);
    log(table(['signing', 'p50', 'p99'], rows));
  } finally {
    await stopService?.();
    await pool.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runIdentityBench((text) => process.stdout.write(`${text}\n`));
