/**
 * The HTTP overhead section of `npm run bench` alone (issue 20: a 2 MB upload's p50 within 2 ms of
 * the engine's own p50): `npx tsx apps/server/bench/http-overhead-run.ts` from the repository root.
 * For 1 and 2 engine workers, cache off: autocannon's 1-connection p50s as in the full bench, then
 * requests and the server's own engine taking turns (http-overhead.ts). BENCH_SECONDS (default 3)
 * sets autocannon's runs, OVERHEAD_ROUNDS (default 60) the rounds.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { makeSizedImage } from '../../../packages/engine/bench/engine-bench.ts';
import { ms, signedMs, table } from '../../../packages/engine/bench/measure.ts';
import { CORPUS_DIR, hasCorpus } from '../../../packages/engine/src/testing/shared-corpus.ts';
import { load, multipart, startServer } from './http-bench.ts';
import { measureHttpOverhead, OVERHEAD_ASSET } from './http-overhead.ts';

const log = (text: string) => process.stdout.write(`${text}\n`);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const rounds = Number(process.env.OVERHEAD_ROUNDS ?? 60);
const load1 = () => loadavg()[0]!.toFixed(2);

const unsigned = { name: OVERHEAD_ASSET, bytes: await makeSizedImage('jpeg', 2_000_000), mime: 'image/jpeg' };
const trustAnchorFiles = hasCorpus ? [path.join(CORPUS_DIR, 'trust/C2PA-TRUST-LIST.pem')] : [];
const rows: (string | number)[][] = [];
for (const workers of [1, 2]) {
  const loadBefore = load1();
  const server = await startServer({ workers, cache: false, trustAnchorFiles });
  try {
    const asset = { ...unsigned, bytes: await server.sign(unsigned, await server.signUp()) };
    const url = `${server.url}/api/v1/verify-content`;
    const form = multipart({ file: { value: asset.bytes, fileName: asset.name } });
    const fileBody = { body: Buffer.from(asset.bytes), contentType: asset.mime };
    await load(url, form, { connections: 1, seconds: 1 });
    const formLoad = await load(url, form, { connections: 1, seconds });
    const bodyLoad = await load(url, fileBody, { connections: 1, seconds });
    const turns = await measureHttpOverhead(server, asset, { rounds });
    rows.push([
      workers,
      `${ms(formLoad.p50)} / ${ms(bodyLoad.p50)}`,
      `${ms(turns.form.p50)} / ${ms(turns.fileBody.p50)}`,
      ms(turns.fileBodyAfterArrival.p50),
      ms(turns.engine.p50),
      ms(turns.service.p50),
      `${ms(turns.bareHttp.p50)} (CPU ${ms(turns.bareHttp.cpu)})`,
      `${signedMs(turns.form.p50 - turns.engine.p50)} / ${signedMs(turns.fileBody.p50 - turns.engine.p50)}`,
      `${ms(turns.form.cpu)} / ${ms(turns.fileBody.cpu)} / ${ms(turns.fileBodyAfterArrival.cpu)} / ${ms(turns.engine.cpu)} / ${ms(turns.service.cpu)}`,
      `${loadBefore} → ${load1()}`,
    ]);
  } finally {
    await server.stop();
  }
}
log(`\n### HTTP overhead: ${OVERHEAD_ASSET} uncached, against the server's own engine (${rounds} rounds taking turns; autocannon ${seconds} s, 1 connection)\n`);
log(
  table(
    ['workers', 'autocannon p50, form / body', 'turns p50, form / body', 'body verified after arrival p50', 'engine p50 (reference)', 'service p50', 'bare node:http, same body, p50', 'gap, form / body', 'server CPU p50: form / body / body after arrival / engine / service', 'load average (1 min)'],
    rows,
  ),
);
