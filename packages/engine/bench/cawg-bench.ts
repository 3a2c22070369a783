/**
 * CAWG identity bench (issue 32): what naming the organisation costs. Each file is signed by the
 * claim signer alone and with a `cawg.identity` assertion signed by an account's managed
 * certificate (as the server signs for an account), the two taking turns round by round in one
 * process; then the two signed files are verified, taking turns too (the identity checked against
 * the local root, which vouches for it). Wall and CPU p50, and the bytes the assertion adds.
 */
import { loadavg } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify } from '../src/index.ts';
import { issueAccountCertificate } from '../src/pki/account-certificate.ts';
import { makeBmff } from '../src/testing/make-assets.ts';
import { corpusText, hasCorpus } from '../src/testing/shared-corpus.ts';
import { makeSizedImage } from './sized-image.ts';
import { table, takingTurnsWithCpu } from './measure.ts';

const ms1 = (value: number) => `${value.toFixed(1)} ms`;

export interface CawgBenchRow {
  name: string;
  sign: { without: number; with: number; withoutCpu: number; withCpu: number };
  verify: { without: number; with: number; withoutCpu: number; withCpu: number };
  bytesAdded: number;
  identityStatus: string;
}

export async function runCawgBench(log: (text: string) => void): Promise<CawgBenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cawg-bench-'));
  try {
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const credential = createPemSigner(await issueAccountCertificate(pki.dir, { organization: 'Bench Newsroom', ocspUrl: 'http://127.0.0.1:9/ocsp' }));
    const trust = createTrustStore([[pki.rootCertificatePem, hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : ''].join('\n')]);
    const metadata = { creator: 'Bench', license: 'All Rights Reserved' };
    const inputs = [
      { name: 'JPEG 100 kB', bytes: await makeSizedImage('jpeg', 100_000), mime: 'image/jpeg', runs: 30 },
      { name: 'JPEG 2 MB', bytes: await makeSizedImage('jpeg', 2_000_000), mime: 'image/jpeg', runs: 20 },
      { name: 'MP4 20 MB', bytes: makeBmff('mp4', 20_000_000), mime: 'video/mp4', runs: 10 },
    ];
    const rows: CawgBenchRow[] = [];
    for (const input of inputs) {
      const plain = (await sign(input.bytes, input.mime, metadata, { signer })).signedBytes;
      const named = (await sign(input.bytes, input.mime, metadata, { signer, identity: { credential } })).signedBytes;
      const signing = await takingTurnsWithCpu(input.runs, {
        without: () => sign(input.bytes, input.mime, metadata, { signer }),
        with: () => sign(input.bytes, input.mime, metadata, { signer, identity: { credential } }),
      });
      const verifying = await takingTurnsWithCpu(input.runs, {
        without: () => verify(plain, input.mime, { trust }),
        with: () => verify(named, input.mime, { trust }),
      });
      const report = await verify(named, input.mime, { trust });
      rows.push({
        name: input.name,
        sign: { without: signing.wall.without, with: signing.wall.with, withoutCpu: signing.cpu.without, withCpu: signing.cpu.with },
        verify: { without: verifying.wall.without, with: verifying.wall.with, withoutCpu: verifying.cpu.without, withCpu: verifying.cpu.with },
        bytesAdded: named.byteLength - plain.byteLength,
        identityStatus: report.verification.identities?.[0]?.status ?? 'none',
      });
    }
    log('\n### CAWG identity: signing and verifying with and without the organisation named (issue 32)\n');
    log(`The engine in process; the claim signed by the local product signer alone, or with a cawg.identity assertion (cawg.x509.cose) signed by an account's managed certificate, the two taking turns round by round; p50 wall time (in brackets: p50 CPU time of this process, user + system, all threads, which waiting for a core does not stretch). Trust: the local root${hasCorpus ? ' and the C2PA trust list' : ''}. Load average ${loadavg()[0]!.toFixed(1)}.\n`);
    log(
      table(
        ['asset', 'sign p50', 'sign + identity p50', 'identity cost (sign)', 'verify p50', 'verify with identity p50', 'identity cost (verify)', 'bytes added', 'identity verdict'],
        rows.map((row) => [
          row.name,
          `${ms1(row.sign.without)} (${ms1(row.sign.withoutCpu)})`,
          `${ms1(row.sign.with)} (${ms1(row.sign.withCpu)})`,
          `${ms1(row.sign.with - row.sign.without)} (${ms1(row.sign.withCpu - row.sign.withoutCpu)})`,
          `${ms1(row.verify.without)} (${ms1(row.verify.withoutCpu)})`,
          `${ms1(row.verify.with)} (${ms1(row.verify.withCpu)})`,
          `${ms1(row.verify.with - row.verify.without)} (${ms1(row.verify.withCpu - row.verify.withoutCpu)})`,
          row.bytesAdded,
          row.identityStatus,
        ]),
      ),
    );
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('cawg-bench.ts')) await runCawgBench((text) => process.stdout.write(`${text}\n`));
