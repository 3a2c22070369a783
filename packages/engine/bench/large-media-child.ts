/**
 * One measurement of the large-media bench, in a process of its own so its peak RSS is its own
 * (reported by testing/report-peak-rss.cjs): `sha256 <file> <runs>` times a streamed SHA-256 of the
 * file; `verify <file> <runs> <anchors.pem>` times the engine verifying it from disk (verifySource
 * over a file source). Prints one JSON line: the p50 in ms and the last verdict.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { openFileSource } from '../src/io/file-source.ts';
import { createTrustStore } from '../src/trust/trust-store.ts';
import { verify } from '../src/verify.ts';

const [mode, file, runsText, anchorsFile] = process.argv.slice(2);
if (!file || (mode !== 'sha256' && mode !== 'verify')) throw new Error('usage: large-media-child.ts sha256|verify <file> <runs> [anchors.pem]');
const runs = Number(runsText ?? 3);

async function streamedSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 8 * 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const trust = createTrustStore(anchorsFile ? [readFileSync(anchorsFile, 'utf8')] : []);
const samples: number[] = [];
let status = '';
for (let run = 0; run < runs; run += 1) {
  const started = performance.now();
  if (mode === 'sha256') {
    await streamedSha256(file);
  } else {
    const source = openFileSource(file);
    try {
      status = (await verify(source, 'video/mp4', { trust })).verification.status;
    } finally {
      source.close();
    }
  }
  samples.push(performance.now() - started);
}
samples.sort((a, b) => a - b);
process.stdout.write(`${JSON.stringify({ p50: samples[Math.floor(samples.length / 2)], status })}\n`);
