/**
 * A real RFC 3161 time-stamping authority for tests and benchmarks: Debian's `openssl ts -reply`
 * behind a small HTTP responder on 127.0.0.1. Its PKI (root CA, intermediate CA, and a TSA
 * certificate with the critical timeStamping extended key usage) is made in a temp folder, so the
 * tokens it gives carry a three-certificate chain as a public authority's do.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes, webcrypto } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const run = promisify(execFile);
const EKU_TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

export interface LocalTsa {
  /** http://127.0.0.1:PORT/tsa */
  url: string;
  /** The TSA's root certificate: what validators need as a time-stamping trust anchor. */
  rootPem: string;
  rootPath: string;
  /** Requests answered so far. */
  readonly requests: number;
  /** Stops answering: the port is closed (connections refused) until bringBack(). */
  takeDown(): Promise<void>;
  /** Listens again on the same port, with the same keys: the same authority back. */
  bringBack(): Promise<void>;
  close(): Promise<void>;
}

async function issueTsaPki(): Promise<{ root: string; intermediate: string; tsa: string; tsaKey: string }> {
  const now = Date.now();
  const rootCa = await createRootCa('CN=Test Time-Stamping Root CA, O=Provenance Gateway Tests', 3650, now);
  const root = rootCa.certificate;
  const { certificate: intermediate, keys: intermediateKeys } = await createIntermediateCa('CN=Test Time-Stamping Intermediate CA, O=Provenance Gateway Tests', rootCa, 1825, now);
  const tsaKeys = await keyPair();
  const tsa = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: 'CN=Test Time-Stamping Authority, O=Provenance Gateway Tests',
    issuer: intermediate.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: tsaKeys.publicKey,
    signingKey: intermediateKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      // openssl ts signs only with a certificate whose one EKU is timeStamping, marked critical.
      new x509.ExtendedKeyUsageExtension([EKU_TIME_STAMPING], true),
      await x509.SubjectKeyIdentifierExtension.create(tsaKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(intermediateKeys.publicKey),
    ],
  });
  const tsaKey = await privateKeyPem(tsaKeys.privateKey);
  return { root: root.toString('pem'), intermediate: intermediate.toString('pem'), tsa: tsa.toString('pem'), tsaKey };
}

function opensslConfig(dir: string): string {
  return [
    '[ tsa ]',
    'default_tsa = tsa_config',
    '[ tsa_config ]',
    `dir = ${dir}`,
    'serial = $dir/serial',
    'crypto_device = builtin',
    'signer_cert = $dir/tsa.pem',
    'certs = $dir/chain.pem',
    'signer_key = $dir/tsa.key.pem',
    'signer_digest = sha256',
    'default_policy = 1.3.6.1.4.1.4146.2.3',
    'digests = sha256, sha384, sha512',
    'accuracy = secs:1',
    'ordering = no',
    'tsa_name = yes',
    'ess_cert_id_chain = no',
    'ess_cert_id_alg = sha256',
    '',
  ].join('\n');
}

const MAX_QUERY_BYTES = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_QUERY_BYTES) throw new Error('time-stamp query too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Start the authority on 127.0.0.1 (a free port). `close()` stops it and removes its folder. */
export async function startLocalTsa(): Promise<LocalTsa> {
  const dir = await mkdtemp(join(tmpdir(), 'pg-tsa-'));
  const pki = await issueTsaPki();
  await Promise.all([
    writeFile(join(dir, 'tsa.pem'), pki.tsa),
    writeFile(join(dir, 'tsa.key.pem'), pki.tsaKey, { mode: 0o600 }),
    // The chain openssl adds to each token beside the TSA certificate (certReq).
    writeFile(join(dir, 'chain.pem'), `${pki.intermediate}\n${pki.root}\n`),
    writeFile(join(dir, 'root.pem'), pki.root),
    writeFile(join(dir, 'serial'), '01\n'),
    writeFile(join(dir, 'openssl.cnf'), opensslConfig(dir)),
  ]);
  let requests = 0;
  // openssl ts keeps its serial number in one file: replies are made one at a time.
  let previous: Promise<unknown> = Promise.resolve();
  const reply = (query: Buffer): Promise<Buffer> => {
    const id = randomBytes(6).toString('hex');
    const queryPath = join(dir, `${id}.tsq`);
    const replyPath = join(dir, `${id}.tsr`);
    const next = previous.then(async () => {
      await writeFile(queryPath, query);
      try {
        await run('openssl', ['ts', '-reply', '-config', join(dir, 'openssl.cnf'), '-section', 'tsa_config', '-queryfile', queryPath, '-out', replyPath], { timeout: 10_000 });
        return await readFile(replyPath);
      } finally {
        await Promise.all([rm(queryPath, { force: true }), rm(replyPath, { force: true })]);
      }
    });
    previous = next.catch(() => undefined);
    return next;
  };

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.headers['content-type'] !== 'application/timestamp-query') {
        response.writeHead(400).end();
        return;
      }
      try {
        const body = await reply(await readBody(request));
        requests += 1;
        response.writeHead(200, { 'content-type': 'application/timestamp-reply', 'content-length': body.byteLength }).end(body);
      } catch {
        response.writeHead(500).end();
      }
    })();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsa`,
    rootPem: pki.root,
    rootPath: join(dir, 'root.pem'),
    get requests() {
      return requests;
    },
    async takeDown() {
      const closed = new Promise<void>((done) => server.close(() => done()));
      server.closeAllConnections();
      await closed;
    },
    async bringBack() {
      await new Promise<void>((listening) => server.listen(port, '127.0.0.1', listening));
    },
    async close() {
      if (server.listening) await new Promise<void>((closed) => server.close(() => closed()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
