/**
 * BMFF bench (issue 20): the 20 MB MP4 verified by the engine (BMFF hash in native SHA-2, c2pa-wasm
 * on the manifest prefix) next to native SHA-256 of the same bytes and raw c2pa-wasm, in one run;
 * then 300 MB and 2 GB MP4 files signed from disk (`provenance sign --stream`) and verified from
 * disk next to a streamed SHA-256 of the same file, each in a process of its own with its peak RSS.
 * BENCH_LARGE_MP4=off skips the large files, BENCH_LARGE_MP4=small keeps only 300 MB.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify } from '../src/index.ts';
import { makeBmff } from '../src/testing/make-assets.ts';
import { corpusText, hasCorpus } from '../src/testing/shared-corpus.ts';
import { rawVerify } from './engine-bench.ts';
import { table, takingTurnsWithCpu } from './measure.ts';

const ms1 = (value: number) => `${value.toFixed(1)} ms`;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export interface BmffBenchFigures {
  /** The 20 MB MP4: engine verify p50 ÷ native SHA-256 p50 of the same bytes. */
  mp4VersusSha256: { engine: number; sha256: number; engineCpu: number; sha256Cpu: number };
  /** Large files from disk: engine ÷ streamed SHA-256, and the verifying and signing processes' peak RSS. */
  large: { label: string; engine: number; sha256: number; peakMb: number; status: string; signPeakMb: number }[];
}

function run(args: string[]): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024, timeout: 1_800_000 }, (error, stdout, stderr) => resolve({ ok: !error, stdout, stderr }));
  });
}

async function measureChild(mode: 'sha256' | 'verify', file: string, anchorsFile: string): Promise<{ p50: number; status: string; peakMb: number }> {
  const result = await run(['--require', here('../src/testing/report-peak-rss.cjs'), '--import', 'tsx', here('./large-media-child.ts'), mode, file, '3', anchorsFile]);
  if (!result.ok) throw new Error(`${mode} of ${file} failed: ${result.stderr.slice(-2000)}`);
  const { p50, status } = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { p50: number; status: string };
  return { p50, status, peakMb: Number(/PEAK_RSS_KB=(\d+)/.exec(result.stderr)?.[1]) / 1024 };
}

export async function runBmffBench(log: (text: string) => void): Promise<BmffBenchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'pg-bmff-bench-'));
  try {
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const anchorsPem = [pki.rootCertificatePem, hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : ''].join('\n');
    const trust = createTrustStore([anchorsPem]);
    const rawTrusted = JSON.stringify({ verify: { verify_trust: true }, trust: { trust_anchors: anchorsPem } });
    const rawUntrusted = JSON.stringify({ verify: { verify_trust: false } });

    log('\n### BMFF hard binding in native SHA-2 (issue 20)\n');
    log('Trust anchors: our local root plus the C2PA trust list. 15 rounds in one process, the five measurements taking turns in each; p50 at 0.1 ms.\n');
    const signed = (await sign(makeBmff('mp4', 20_000_000), 'video/mp4', { creator: 'Bench' }, { signer })).signedBytes;
    // Taking turns, round after round: measured one after another, each saw a different machine
    // (two runs of the same code a minute apart gave engine ÷ SHA-256 1.42 and 2.81).
    const { wall: figures, cpu } = await takingTurnsWithCpu(15, {
      engine: () => verify(signed, 'video/mp4', { trust }),
      sha256: async () => createHash('sha256').update(signed).digest(),
      wasmHashing: () => verify(signed, 'video/mp4', { trust, nativeHardBinding: false }),
      rawNoTrust: () => rawVerify(signed, 'video/mp4', rawUntrusted),
      rawWithTrust: () => rawVerify(signed, 'video/mp4', rawTrusted),
    });
    const engine = { p50: figures.engine };
    const sha256 = { p50: figures.sha256 };
    const wasmHashing = { p50: figures.wasmHashing };
    const rawNoTrust = { p50: figures.rawNoTrust };
    const rawWithTrust = { p50: figures.rawWithTrust };
    log(
      table(
        ['asset', 'engine verify p50', 'engine, BMFF hash in wasm, p50', 'raw c2pa-wasm, no trust, p50', 'raw, trust list, p50', 'native SHA-256 p50', 'engine ÷ SHA-256', 'raw no-trust ÷ engine'],
        [['MP4 20 MB', ms1(engine.p50), ms1(wasmHashing.p50), ms1(rawNoTrust.p50), ms1(rawWithTrust.p50), ms1(sha256.p50), (engine.p50 / sha256.p50).toFixed(2), (rawNoTrust.p50 / engine.p50).toFixed(2)]],
      ),
    );
    log(
      `\nCPU time of the bench process in the same runs (p50, user + system, all threads; what the load on the machine cannot stretch): engine ${ms1(cpu.engine)}, native SHA-256 ${ms1(cpu.sha256)} (engine ÷ SHA-256 ${(cpu.engine / cpu.sha256).toFixed(2)}), raw c2pa-wasm without trust ${ms1(cpu.rawNoTrust)}. Load average ${loadavg()[0]!.toFixed(1)}.\n`,
    );

    const large: BmffBenchFigures['large'] = [];
    const mode = process.env.BENCH_LARGE_MP4 ?? 'full';
    if (mode !== 'off') {
      log('\n### Large MP4 verified from disk, in constant memory (issue 20)\n');
      log('Each figure in a process of its own (peak RSS as the kernel counts it for that process). "sign --stream" is one run of the CLI (process start included) signing the unsigned file from disk. Then 3 runs each, p50: "streamed SHA-256" reads the signed file in 8 MB chunks (createReadStream) and hashes it; the engine verifies it with verifySource over a file source, trust anchors as above. (c2pa-wasm\'s own signing cannot make these files: it returns the signed file whole from WebAssembly memory and fails at 1 GB.)\n');
      const anchorsFile = join(dir, 'anchors.pem');
      writeFileSync(anchorsFile, anchorsPem);
      const sizes = mode === 'small' ? [300] : [300, 2000];
      const rows: (string | number)[][] = [];
      for (const megabytes of sizes) {
        const unsigned = join(dir, `unsigned-${megabytes}.mp4`);
        const file = join(dir, `large-${megabytes}.mp4`);
        const made = await run(['--import', 'tsx', here('../src/testing/large-mp4-command.ts'), unsigned, String(megabytes * 1_000_000)]);
        const started = performance.now();
        const signed = made.ok && (await run(['--require', here('../src/testing/report-peak-rss.cjs'), here('../bin/provenance.js'), 'sign', unsigned, '-o', file, '--stream', '--creator', 'Bench', '--data-dir', dir]));
        const signMs = performance.now() - started;
        rmSync(unsigned, { force: true });
        if (!signed || !signed.ok) {
          rows.push([`MP4 ${megabytes} MB`, 'could not be made', (signed || made).stderr.trim().split('\n').at(-1) ?? '', '', '', '', '', '']);
          continue;
        }
        const signPeakMb = Number(/PEAK_RSS_KB=(\d+)/.exec(signed.stderr)?.[1]) / 1024;
        const bytes = statSync(file).size;
        const hashed = await measureChild('sha256', file, anchorsFile);
        const verified = await measureChild('verify', file, anchorsFile);
        rmSync(file, { force: true });
        const label = `MP4 ${(bytes / 1e6).toFixed(0)} MB`;
        large.push({ label, engine: verified.p50, sha256: hashed.p50, peakMb: verified.peakMb, status: verified.status, signPeakMb });
        rows.push([label, ms1(signMs), `${signPeakMb.toFixed(0)} MB`, `${ms1(verified.p50)} (${verified.status})`, ms1(hashed.p50), (verified.p50 / hashed.p50).toFixed(2), `${verified.peakMb.toFixed(0)} MB`, `${hashed.peakMb.toFixed(0)} MB`]);
      }
      log(table(['file', 'sign --stream (CLI run)', 'peak RSS, sign', 'engine verify from disk p50', 'streamed SHA-256 p50', 'engine ÷ SHA-256', 'peak RSS, verify', 'peak RSS, SHA-256'], rows));
    }
    return { mp4VersusSha256: { engine: engine.p50, sha256: sha256.p50, engineCpu: cpu.engine, sha256Cpu: cpu.sha256 }, large };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
