/**
 * A test certificate authority with a real OCSP responder on loopback: Debian's `openssl ocsp`
 * serving an index.txt, and a claim-signing chain whose signing certificate names that responder
 * (AIA id-ad-ocsp), issued with @peculiar/x509 to the C2PA certificate profile as local-pki.ts
 * does. `revoke` marks the signing certificate revoked in the index; `stop` takes the responder
 * down, as an unreachable one. Tests only (openssl must be installed: scripts/ci/openssl.sh).
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const EKU_EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const EKU_C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
const EKU_OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';

export interface OcspTestAuthority {
  /** The responder URL the signing certificate names. */
  url: string;
  /** Root CA PEM: the trust anchor. */
  rootPem: string;
  /** Signing certificate then intermediate (the issuer), as createPemSigner takes them. */
  signerChainPem: string;
  signerKeyPem: string;
  /** The signing certificate's serial number, lowercase hex. */
  serialNumber: string;
  /** Marks the signing certificate revoked at `at`. */
  revoke(at: Date): Promise<void>;
  /** Takes the responder down (it can be started again). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Takes the responder down and removes its files. */
  close(): Promise<void>;
}


/** A loopback port free right now (openssl ocsp takes a fixed port, and the URL must be known before issuing). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** openssl's index.txt time: YYMMDDHHMMSSZ. */
const indexTime = (date: Date): string => date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';

export async function startOcspTestAuthority(): Promise<OcspTestAuthority> {
  const dir = await mkdtemp(join(tmpdir(), 'ocsp-test-ca-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const now = Date.now();
  const organization = 'OCSP Test CA';

  const rootCa = await createRootCa(`CN=OCSP Test Root, O=${organization}`, 365, now);
  const root = rootCa.certificate;
  const { certificate: issuer, keys: issuerKeys } = await createIntermediateCa(`CN=OCSP Test Intermediate, O=${organization}`, rootCa, 365, now);
  // A delegated responder (id-kp-OCSPSigning), as most certificate authorities answer.
  const responderKeys = await keyPair();
  const responder = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: `CN=OCSP Test Responder, O=${organization}`,
    issuer: issuer.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: responderKeys.publicKey,
    signingKey: issuerKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_OCSP_SIGNING], false),
      // The identifiers every certificate of a C2PA chain carries; c2pa-rs checks a stapled answer's responder to that profile.
      await x509.SubjectKeyIdentifierExtension.create(responderKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuerKeys.publicKey),
    ],
  });
  const signerKeys = await keyPair();
  const signerSerial = serialNumber();
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: signerSerial,
    subject: `CN=OCSP Test Signer, O=${organization}`,
    issuer: issuer.subject,
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + 365 * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: signerKeys.publicKey,
    signingKey: issuerKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_EMAIL_PROTECTION, EKU_C2PA_CLAIM_SIGNING], false),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', url)] }),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuerKeys.publicKey),
    ],
  });

  const files = { index: join(dir, 'index.txt'), issuer: join(dir, 'issuer.pem'), responder: join(dir, 'responder.pem'), responderKey: join(dir, 'responder.key.pem') };
  const indexLine = (revokedAt: Date | null) =>
    [revokedAt ? 'R' : 'V', indexTime(new Date(now + 365 * DAY_MS)), revokedAt ? indexTime(revokedAt) : '', signerSerial.toUpperCase(), 'unknown', '/O=OCSP Test CA/CN=OCSP Test Signer'].join('\t') + '\n';
  await writeFile(files.index, indexLine(null));
  await writeFile(`${files.index}.attr`, 'unique_subject = no\n');
  await writeFile(files.issuer, issuer.toString('pem'));
  await writeFile(files.responder, responder.toString('pem'));
  await writeFile(files.responderKey, await privateKeyPem(responderKeys.privateKey));

  let child: ChildProcess | null = null;
  const start = async (): Promise<void> => {
    if (child) return;
    // -nmin: answers carry a nextUpdate (10 minutes on), which is how long they may be cached.
    const started = spawn('openssl', ['ocsp', '-index', files.index, '-CA', files.issuer, '-rsigner', files.responder, '-rkey', files.responderKey, '-port', String(port), '-nmin', '10', '-ignore_err'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = started;
    // Ready once it says so: a probe connection would hold its one-at-a-time accept loop.
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('openssl ocsp did not start')), 10_000);
      let said = '';
      started.stderr?.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('waiting for OCSP client connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      started.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`openssl ocsp exited (${code}): ${said}`));
      });
    });
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill();
    });
  };
  await start();
  return {
    url,
    rootPem: root.toString('pem'),
    signerChainPem: `${signer.toString('pem')}\n${issuer.toString('pem')}\n`,
    signerKeyPem: await privateKeyPem(signerKeys.privateKey),
    serialNumber: signerSerial,
    // openssl ocsp notices a changed index only by its modification second: restarted, it reads it now.
    revoke: async (at) => {
      await stop();
      await writeFile(files.index, indexLine(at));
      await start();
    },
    stop,
    start,
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
