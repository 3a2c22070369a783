/**
 * Probe (perf-verify): which feature of the server's signed files makes raw c2pa-wasm reads slow.
 * Signs one JPEG several ways (one feature changed at a time) and reads each with raw c2pa-wasm
 * (WasmReader.fromBytes + manifestStore, the bench's readerSettings), taking turns, wall and CPU p50.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { createPemSigner, ensureLocalPki, sign } from '../packages/engine/src/index.ts';
import { issueAccountCertificate } from '../packages/engine/src/pki/account-certificate.ts';
import { PKI_FILES } from '../packages/engine/src/pki/local-pki.ts';
import { createOcspResponder } from '../packages/engine/src/pki/ocsp-responder.ts';
import { stapledOcspResponse } from '../packages/engine/src/revocation/stapled-ocsp.ts';
import { issueTestSigningChain } from '../packages/engine/src/testing/test-signing-chain.ts';
import { readerSettings } from '../packages/engine/src/c2pa/reader-settings.ts';
import { rawVerify } from '../packages/engine/bench/engine-bench.ts';
import { makeSizedImage } from '../packages/engine/bench/sized-image.ts';
import { takingTurnsWithCpu } from '../packages/engine/bench/measure.ts';
import { corpusText, hasCorpus } from '../packages/engine/src/testing/shared-corpus.ts';
import { startServer } from '../apps/server/bench/http-bench.ts';

const size = Number(process.env.PROBE_SIZE ?? 100_000);
const runs = Number(process.env.PROBE_RUNS ?? 30);
const dir = mkdtempSync(join(tmpdir(), 'pg-read-probe-'));
const { pki } = await ensureLocalPki(join(dir, 'pki'));
const product = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
const plainChain = await issueTestSigningChain({ ekus: ['1.3.6.1.4.1.62558.2.1'] });
const plain = createPemSigner({ privateKeyPem: plainChain.privateKeyPem, certificateChainPem: plainChain.certificateChainPem });
const credential = createPemSigner(await issueAccountCertificate(pki.dir, { organization: 'Bench Newsroom', ocspUrl: 'http://127.0.0.1:9/ocsp' }));
const pem = (name: string) => readFileSync(join(pki.dir, name), 'utf8');
const responder = createOcspResponder({
  issuerCertificate: new Uint8Array(new X509Certificate(pem(PKI_FILES.intermediateCertificate)).raw),
  issuerKeyPem: pem(PKI_FILES.intermediateKey),
  statusesOf: async (serials) => serials.map(() => ({ status: 'good' as const })),
  validityMs: 86_400_000,
});
const staple = await stapledOcspResponse(product.certificateChain, { ownResponder: () => responder });
if (!staple.stapled) throw new Error(`no staple: ${staple.reason}`);
const ocspResponse = staple.response;

const bytes = await makeSizedImage('jpeg', size);
const mime = 'image/jpeg';
const metadata = { creator: 'Bench', license: 'All Rights Reserved' };
const files: Record<string, Uint8Array> = {
  plainChain: (await sign(bytes, mime, metadata, { signer: plain })).signedBytes,
  product: (await sign(bytes, mime, metadata, { signer: product })).signedBytes,
  productOcsp: (await sign(bytes, mime, metadata, { signer: product, ocspResponse })).signedBytes,
  productIdentity: (await sign(bytes, mime, metadata, { signer: product, identity: { credential } })).signedBytes,
  productBoth: (await sign(bytes, mime, metadata, { signer: product, ocspResponse, identity: { credential } })).signedBytes,
};
if (process.env.PROBE_SERVER !== 'off') {
  const anchorFile = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../shared/corpus'), 'trust/C2PA-TRUST-LIST.pem');
  const server = await startServer({ workers: 1, cache: false, trustAnchorFiles: hasCorpus ? [anchorFile] : [] });
  try {
    const token = await server.signUp();
    files.server = await server.sign({ name: 'photo.jpg', bytes, mime }, token);
  } finally {
    await server.stop();
  }
}
const anchors = hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : '';
const noTrust = readerSettings();
const withTrust = readerSettings({ anchorsPem: anchors || undefined });
const settings = process.env.PROBE_TRUST === 'on' ? withTrust : noTrust;
for (const [name, file] of Object.entries(files)) console.log(name, file.byteLength - bytes.byteLength, 'bytes added');
const tasks = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, () => rawVerify(file, mime, settings)]));
const result = await takingTurnsWithCpu(runs, tasks, 3);
for (const name of Object.keys(files)) console.log(`${name.padEnd(16)} wall ${result.wall[name]!.toFixed(2)} ms  cpu ${result.cpu[name]!.toFixed(2)} ms`);
if (process.env.PROBE_SIGN === 'on') {
  const signing = await takingTurnsWithCpu(runs, {
    plainChain: () => sign(bytes, mime, metadata, { signer: plain }),
    product: () => sign(bytes, mime, metadata, { signer: product }),
    productOcsp: () => sign(bytes, mime, metadata, { signer: product, ocspResponse }),
    productIdentity: () => sign(bytes, mime, metadata, { signer: product, identity: { credential } }),
    productBoth: () => sign(bytes, mime, metadata, { signer: product, ocspResponse, identity: { credential } }),
  }, 3);
  for (const name of Object.keys(signing.wall)) console.log(`sign ${name.padEnd(16)} wall ${signing.wall[name as 'product']!.toFixed(2)} ms  cpu ${signing.cpu[name as 'product']!.toFixed(2)} ms`);
}
process.exit(0);
