/**
 * What evidence that lasts costs a signing: a 100 kB JPEG signed by a test CA whose certificate
 * names a local `openssl ocsp` responder, plain, with its OCSP answer stapled (asked fresh each
 * time, as a signing without a kept answer does), with an RFC 3161 timestamp from a local `openssl
 * ts` authority, and with both; and signed by the gateway's own local PKI with the answer of its
 * own responder (in process, as the server staples for the certificates it issued); taking turns.
 * Bytes are the manifest store's.
 */
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPemSigner, ensureLocalPki, sign } from '../src/index.ts';
import { PKI_FILES } from '../src/pki/local-pki.ts';
import { createOcspResponder } from '../src/pki/ocsp-responder.ts';
import { issueOcspResponderCertificate } from '../src/pki/ocsp-responder-certificate.ts';
import { stapledOcspResponse } from '../src/revocation/stapled-ocsp.ts';
import { parseCertificateChainPem } from '../src/signer/claim-signer.ts';
import { createRfc3161Timestamper, type TimestampTransport } from '../src/signer/rfc3161-timestamper.ts';
import type { SignOptions } from '../src/sign.ts';
import { startOcspTestAuthority } from '../src/testing/ocsp-responder.ts';
import { startLocalTsa } from '../src/testing/local-tsa.ts';
import { makeSizedImage } from './engine-bench.ts';
import { httpGet } from './ocsp-bench.ts';
import { ms, table, takingTurns } from './measure.ts';

const postTimestampQuery =
  (url: string): TimestampTransport =>
  async (request) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };

export async function runEvidenceBench(log: (text: string) => void, runs = 20): Promise<void> {
  log('\n### Evidence in a signing: stapled OCSP answer and RFC 3161 timestamp (local `openssl ocsp` and `openssl ts` on loopback, 100 kB JPEG, in process, taking turns)\n');
  const [authority, tsa] = await Promise.all([startOcspTestAuthority(), startLocalTsa()]);
  const pkiDir = join(await mkdtemp(join(tmpdir(), 'evidence-bench-')), 'pki');
  try {
    // The gateway's own PKI and responder, answering in process through a delegated responder certificate.
    const { pki } = await ensureLocalPki(pkiDir);
    const gatewaySigner = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const gatewayChain = parseCertificateChainPem(pki.signerChainPem);
    const intermediate = gatewayChain[1]!;
    const intermediateKeyPem = await readFile(join(pkiDir, PKI_FILES.intermediateKey), 'utf8');
    const ownResponder = createOcspResponder({
      issuerCertificate: intermediate,
      issuerKeyPem: intermediateKeyPem,
      delegate: await issueOcspResponderCertificate({ issuerCertificate: intermediate, issuerKeyPem: intermediateKeyPem, days: 30 }),
      validityMs: 3_600_000,
      statusesOf: async (serials: readonly string[]) => serials.map(() => ({ status: 'good' as const })),
    });
    const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
    const chain = parseCertificateChainPem(authority.signerChainPem);
    const image = await makeSizedImage('jpeg', 100_000);
    const timestamper = createRfc3161Timestamper(postTimestampQuery(tsa.url));
    const sizes: Record<string, { manifest: number; file: number }> = {};
    const signWith = (name: string, staple: boolean, options: Omit<SignOptions, 'signer'>) => async () => {
      const outcome = staple ? await stapledOcspResponse(chain, { fetchOcsp: httpGet }) : null;
      if (outcome && !outcome.stapled) throw new Error(`evidence bench: no OCSP answer (${outcome.reason})`);
      const signed = await sign(image, 'image/jpeg', { creator: 'Bench' }, { signer, ...options, ...(outcome?.stapled && { ocspResponse: outcome.response }) });
      sizes[name] = { manifest: signed.manifestStore.byteLength, file: signed.signedBytes.byteLength };
    };
    const gatewaySign = (name: string, staple: boolean) => async () => {
      const outcome = staple ? await stapledOcspResponse(gatewayChain, { ownResponder: () => ownResponder }) : null;
      if (outcome && !outcome.stapled) throw new Error(`evidence bench: no OCSP answer from the gateway's responder (${outcome.reason})`);
      const signed = await sign(image, 'image/jpeg', { creator: 'Bench' }, { signer: gatewaySigner, ...(outcome?.stapled && { ocspResponse: outcome.response }) });
      sizes[name] = { manifest: signed.manifestStore.byteLength, file: signed.signedBytes.byteLength };
    };
    const p50 = await takingTurns(runs, {
      gatewayPlain: gatewaySign('gatewayPlain', false),
      gatewayOcsp: gatewaySign('gatewayOcsp', true),
      plain: signWith('plain', false, {}),
      ocsp: signWith('ocsp', true, {}),
      timestamp: signWith('timestamp', false, { timestamper }),
      both: signWith('both', true, { timestamper }),
    });
    const row = (label: string, name: keyof typeof p50, base: keyof typeof p50 = 'plain') => [
      label,
      ms(p50[name]),
      name === base ? '—' : ms(p50[name] - p50[base]),
      `${sizes[name]!.manifest}`,
      name === base ? '—' : `+${sizes[name]!.manifest - sizes[base]!.manifest}`,
    ];
    log(
      table(
        ['signing', 'p50', 'added (p50)', 'manifest store bytes', 'added bytes'],
        [
          row('test CA signer, plain', 'plain'),
          row('+ stapled OCSP answer (openssl ocsp asked fresh)', 'ocsp'),
          row('+ timestamp (openssl ts, sigTst2)', 'timestamp'),
          row('+ both', 'both'),
          row('gateway PKI signer, plain', 'gatewayPlain', 'gatewayPlain'),
          row('+ stapled OCSP answer (its own responder, in process)', 'gatewayOcsp', 'gatewayPlain'),
        ],
      ),
    );
    log('\nA timestamp reserves 8 KiB (a public authority\'s token with an RSA chain is 6 to 7 kB); the space a token leaves unused is padding. An OCSP answer is reserved exactly.');
  } finally {
    await Promise.all([authority.close(), tsa.close(), rm(join(pkiDir, '..'), { recursive: true, force: true })]);
  }
}
