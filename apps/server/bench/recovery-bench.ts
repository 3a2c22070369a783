/**
 * Recovery bench (issue 17): how often a signed image is found again once a platform has stripped,
 * re-encoded, resized, converted or cropped it. Images are signed through the API of a real server
 * started in process (127.0.0.1), every variant is verified through POST /verify-content and its
 * `recovery` counted per transformation (method, similarity); unrelated images count false matches;
 * the index is filled with random ISCCs to time lookups at size; and the ISCC's share of signing is
 * timed. The ISCC distances are also computed directly, so the Hamming threshold can be chosen from
 * the data (the note at the end).
 *
 * BENCH_RECOVERY=full: 240+ images, 1,000 unrelated, 100,000 indexed fingerprints (minutes);
 * unset: a small set; off: skipped. PostgreSQL when TEST_DATABASE_URL is set (scripts/ci/postgres.sh;
 * a fresh database, dropped after), else PGlite in memory.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { softBinding } from '@provenance/engine';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { createApp } from '../src/app.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../src/testing/sign-up-mail.ts';
import { createLogger } from '../src/logging/logger.ts';
import { createFileAssetStore } from '../src/services/assets/asset-store.ts';
import { createTaskQueue } from '../src/queue/task-queue.ts';
import { createServices } from '../src/services/create-services.ts';
import { createEngine } from '../src/services/engine/engine.ts';
import { fingerprintImage } from '../src/services/manifest-repository/image-fingerprint.ts';
import { createManifestIndex } from '../src/services/manifest-repository/manifest-index.ts';
import { openTestDatabase } from '../src/testing/test-databases.ts';
import { corpusImages, diskImages, syntheticImages, type BenchImage } from './recovery-images.ts';
import { publicLinks } from '../src/http/asset-links.ts';

type Log = (text: string) => void;

interface Sizes {
  corpus: number;
  disk: number;
  synthetic: number;
  unrelated: number;
  indexed: number;
}

const SIZES: Record<'small' | 'full', Sizes> = {
  small: { corpus: 8, disk: 8, synthetic: 12, unrelated: 120, indexed: 10_000 },
  full: { corpus: 60, disk: 100, synthetic: 110, unrelated: 1_000, indexed: 100_000 },
};

/** The transformations a platform applies, as sharp does them to the signed file. */
const TRANSFORMS: { name: string; apply: (signed: Uint8Array, mime: string) => Promise<Uint8Array | null> }[] = [
  { name: 'stripped (manifest removed)', apply: async (signed, mime) => softBinding.withoutEmbeddedManifest(signed, mime) },
  { name: 'JPEG quality 70', apply: async (signed) => sharp(signed).jpeg({ quality: 70 }).toBuffer() },
  { name: 'JPEG quality 50', apply: async (signed) => sharp(signed).jpeg({ quality: 50 }).toBuffer() },
  { name: 'resized to 50%', apply: (signed) => resized(signed, 0.5) },
  { name: 'resized to 25%', apply: (signed) => resized(signed, 0.25) },
  { name: 'converted to PNG', apply: async (signed) => sharp(signed).png().toBuffer() },
  { name: 'converted to WebP', apply: async (signed) => sharp(signed).webp().toBuffer() },
  { name: 'cropped 5% (centred)', apply: (signed) => cropped(signed, 0.05) },
  { name: 'cropped 10% (centred)', apply: (signed) => cropped(signed, 0.1) },
];

async function resized(signed: Uint8Array, scale: number): Promise<Uint8Array> {
  const { width = 1, format } = await sharp(signed).metadata();
  const image = sharp(signed).rotate().resize(Math.max(8, Math.round(width * scale)));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

/** Keeps the centre: `share` of the width and of the height removed, half from each side. */
async function cropped(signed: Uint8Array, share: number): Promise<Uint8Array> {
  const { format } = await sharp(signed).metadata();
  const { info } = await sharp(signed).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const [dx, dy] = [Math.round((width * share) / 2), Math.round((height * share) / 2)];
  const image = sharp(signed).rotate().extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
};
const pct = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');
const fmt = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...cells.slice(1).map(line)].join('\n');
}

interface Recovery {
  manifestId: string;
  method: 'exact-hash' | 'fingerprint';
  similarity: number;
}

async function startServer(databaseKind: 'postgres' | 'pglite') {
  const database = await openTestDatabase(databaseKind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-recovery-bench-'));
  const logger = createLogger({ level: 'silent' });
  const publicUrl = 'http://127.0.0.1';
  const config = { publicUrl, maxAssetBytes: 64 * 1024 * 1024, maxJsonBytes: 1024 * 1024, corsOrigins: [], trustProxy: false, demoPassword: 'demo-pass', demoEmailDomain: 'demo.local' };
  const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], workers: 1 });
  const services = createServices({
    links: publicLinks(publicUrl),
    db: database.db,
    queue: createTaskQueue({ sql: database.sql, logger }),
    logger,
    authSecret: 'bench-secret-bench-secret-bench-secret-0123',
    publicUrl,
    demoPassword: config.demoPassword,
    demoEmailDomain: config.demoEmailDomain,
    engine,
    sizes: { maxAssetBytes: config.maxAssetBytes },
    fetcher: createSafeFetcher({ allowHosts: [], maxBytes: config.maxAssetBytes, timeoutMs: 10_000 }),
    store: createFileAssetStore(path.join(dataDir, 'assets')),
    // Every variant is new bytes; the cache would only hide repeated verifications.
    verifyCacheEntries: 0,
  });
  const app = createApp({ config, logger, services });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((listening) => server.once('listening', () => listening()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const token = (await signUpOverHttp(url, `recovery-bench-${Date.now()}@example.com`, 'secret-123', (email) => signUpTokenFromOutbox(services.accountMail, email))).access_token;
  return {
    database,
    services,
    async sign(image: BenchImage): Promise<{ assetId: string; manifestId: string; signed: Uint8Array; mime: string } | null> {
      const form = new FormData();
      form.append('file', new Blob([image.bytes]), path.basename(image.name));
      form.append('metadata', JSON.stringify({ creator: 'Recovery Bench' }));
      const response = await fetch(`${url}/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 201) return null;
      const signed = (await response.json()) as { assetId: string; manifestId: string; mime: string };
      return { ...signed, signed: new Uint8Array(await (await fetch(`${url}/assets/${signed.assetId}`)).arrayBuffer()) };
    },
    async verify(bytes: Uint8Array): Promise<{ status: string; recovery: Recovery | null }> {
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'copy');
      const answer = (await (await fetch(`${url}/verify-content`, { method: 'POST', body: form })).json()) as { verification?: { status: string }; recovery?: Recovery | null };
      return { status: answer.verification?.status ?? 'error', recovery: answer.recovery ?? null };
    },
    async stop() {
      await new Promise<void>((closed) => server.close(() => closed()));
      await engine.close();
      await services.flush();
      await database.close();
    },
  };
}

/** `count` random 64-bit ISCCs in the index (with the signed-asset rows they refer to), by SQL. */
async function fillIndex(db: Awaited<ReturnType<typeof openTestDatabase>>['db'], userId: string, count: number): Promise<void> {
  const band = 'floor(random() * 65536)::int';
  for (let from = 1; from <= count; from += 25_000) {
    const to = Math.min(count, from + 24_999);
    await db.execute(
      sql.raw(`insert into signed_assets (id, user_id, manifest_id, mime, original_bytes, signed_bytes, asset_hash, signed_asset_hash, source, signed_at)
        select 'bench-' || g, '${userId.replace(/'/g, "''")}', 'urn:c2pa:bench-' || g, 'image/jpeg', 1, 1, md5('a' || g) || md5('b' || g), md5('c' || g) || md5('d' || g), 'upload', now()
        from generate_series(${from}, ${to}) g`),
    );
    await db.execute(
      sql.raw(`insert into manifest_index (signed_asset_id, manifest_id, asset_hash, signed_hash, soft_binding_alg, fingerprint, fingerprint_covers, band0, band1, band2, band3)
        select id, manifest_id, asset_hash, signed_asset_hash, 'io.iscc.v0', lpad(to_hex(b0), 4, '0') || lpad(to_hex(b1), 4, '0') || lpad(to_hex(b2), 4, '0') || lpad(to_hex(b3), 4, '0'), 'image', b0, b1, b2, b3
        from (select id, manifest_id, asset_hash, signed_asset_hash, ${band} b0, ${band} b1, ${band} b2, ${band} b3 from signed_assets where id in (select 'bench-' || g from generate_series(${from}, ${to}) g)) x`),
    );
  }
  await db.execute(sql.raw('analyze manifest_index'));
}

export async function runRecoveryBench(log: Log, options: { corpusDir?: string } = {}): Promise<void> {
  const mode = process.env.BENCH_RECOVERY === 'full' ? 'full' : 'small';
  const sizes = SIZES[mode];
  const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  log(`\n### Recovery of stripped and transformed copies (issue 17; BENCH_RECOVERY=${mode}, ${databaseKind === 'postgres' ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite in memory'})\n`);

  // The signed set: photos, files on disk and synthesised images, one per near-identical picture so
  // that recovering a sibling's manifest is not counted as a success.
  const candidates = [
    ...(options.corpusDir ? await corpusImages(options.corpusDir, sizes.corpus) : []),
    ...(await diskImages(['/usr/share', path.resolve(import.meta.dirname, '../../../node_modules')], sizes.disk)),
    ...(await syntheticImages(sizes.synthetic, 1)),
  ];
  const images: { image: BenchImage; digest: Uint8Array }[] = [];
  const isccMs: number[] = [];
  let nearDuplicates = 0;
  for (const image of candidates) {
    const started = performance.now();
    const fingerprint = await fingerprintImage(image.bytes);
    isccMs.push(performance.now() - started);
    if (!fingerprint) continue;
    if (images.some((kept) => softBinding.hammingDistance(kept.digest, fingerprint.digest) <= 12)) {
      nearDuplicates += 1;
      continue;
    }
    images.push({ image, digest: fingerprint.digest });
  }

  const server = await startServer(databaseKind);
  try {
    const signed: { image: BenchImage; assetId: string; manifestId: string; bytes: Uint8Array; mime: string; digest: Uint8Array }[] = [];
    const signMs: number[] = [];
    let signFailures = 0;
    for (const { image } of images) {
      const started = performance.now();
      const result = await server.sign(image);
      if (!result) {
        signFailures += 1;
        continue;
      }
      signMs.push(performance.now() - started);
      const digest = (await fingerprintImage(result.signed))?.digest;
      if (digest) signed.push({ image, assetId: result.assetId, manifestId: result.manifestId, bytes: result.signed, mime: result.mime, digest });
    }
    const origins = (origin: BenchImage['origin']) => signed.filter((entry) => entry.image.origin === origin).length;
    log(`Signed through POST /sign-content: ${signed.length} images (${origins('corpus')} corpus photos, ${origins('disk')} files from /usr/share and node_modules, ${origins('synthetic')} synthesised); ${nearDuplicates} near-duplicates left out, ${signFailures} refused by the signer.\n`);

    const row = await server.services.signedAssets.findById(signed[0]!.assetId);
    const fillStarted = performance.now();
    await fillIndex(server.database.db, row!.userId, sizes.indexed);
    log(`Index filled with ${sizes.indexed.toLocaleString('en')} random ISCCs (and their signed-asset rows) in ${((performance.now() - fillStarted) / 1000).toFixed(1)} s, before any lookup below.\n`);

    // Every variant of every signed image, verified through the API.
    const byTransform = new Map<string, { total: number; exact: number; fingerprint: number; wrong: number; similarity: number[]; distances: number[]; stillSigned: number }>();
    const stripMs: number[] = [];
    for (const entry of signed) {
      for (const transform of TRANSFORMS) {
        const variant = await transform.apply(entry.bytes, entry.mime).catch(() => null);
        if (!variant) continue;
        const stats = byTransform.get(transform.name) ?? { total: 0, exact: 0, fingerprint: 0, wrong: 0, similarity: [], distances: [], stillSigned: 0 };
        byTransform.set(transform.name, stats);
        stats.total += 1;
        const started = performance.now();
        const answer = await server.verify(variant);
        if (transform.name.startsWith('stripped')) stripMs.push(performance.now() - started);
        if (answer.status !== 'unsigned') stats.stillSigned += 1;
        const digest = (await fingerprintImage(variant))?.digest;
        if (digest) stats.distances.push(softBinding.hammingDistance(digest, entry.digest));
        if (!answer.recovery) continue;
        if (answer.recovery.manifestId !== entry.manifestId) stats.wrong += 1;
        else if (answer.recovery.method === 'exact-hash') stats.exact += 1;
        else {
          stats.fingerprint += 1;
          stats.similarity.push(answer.recovery.similarity);
        }
      }
    }
    log(table(
      ['transformation', 'copies', 'recovered', 'exact hash', 'fingerprint', 'similarity (median, min)', 'wrong manifest', 'ISCC distance to the signed file (median / p90 / max)'],
      [...byTransform].map(([name, stats]) => [
        name,
        stats.total,
        pct(stats.exact + stats.fingerprint, stats.total),
        stats.exact,
        stats.fingerprint,
        stats.similarity.length ? `${quantile(stats.similarity, 0.5)}, ${Math.min(...stats.similarity)}` : '-',
        stats.wrong,
        `${quantile(stats.distances, 0.5)} / ${quantile(stats.distances, 0.9)} / ${Math.max(...stats.distances)}`,
      ]),
    ));

    // Unrelated images: synthesised from seeds the signed set never used, each verified through the API.
    const unrelated = await syntheticImages(sizes.unrelated, 1_000_000);
    let falseMatches = 0;
    const nearest: number[] = [];
    const lookupMs: number[] = [];
    const index = createManifestIndex(server.database.db);
    for (const image of unrelated) {
      const answer = await server.verify(image.bytes);
      if (answer.recovery) falseMatches += 1;
      const fingerprint = await fingerprintImage(image.bytes);
      if (!fingerprint) continue;
      nearest.push(Math.min(...signed.map((entry) => softBinding.hammingDistance(entry.digest, fingerprint.digest))));
      const started = performance.now();
      await index.findNear(fingerprint.alg, [fingerprint.digest], 8, 5);
      lookupMs.push(performance.now() - started);
    }
    for (const entry of signed) {
      const started = performance.now();
      await index.findNear('io.iscc.v0', [entry.digest], 8, 5);
      lookupMs.push(performance.now() - started);
    }
    log(`\nUnrelated images (synthesised: gradients, shapes, text-like pages, noise, tiles, plasma), verified through the API: ${unrelated.length}; false matches: **${falseMatches}**. Nearest ISCC distance of each to the ${signed.length} signed images: min ${Math.min(...nearest)}, p1 ${quantile(nearest, 0.01)}, median ${quantile(nearest, 0.5)}.\n`);

    log(table(
      ['measure', 'p50', 'p99'],
      [
        [`index lookup (four 16-bit bands, then Hamming distance) with ${(sizes.indexed + signed.length).toLocaleString('en')} fingerprints, ${lookupMs.length} lookups`, fmt(quantile(lookupMs, 0.5)), fmt(quantile(lookupMs, 0.99))],
        ['POST /verify-content of a stripped copy, recovery included (HTTP, 1 engine worker)', fmt(quantile(stripMs, 0.5)), fmt(quantile(stripMs, 0.99))],
        ['ISCC Image-Code of the original (sharp decode and normalise, DCT), per image', fmt(quantile(isccMs, 0.5)), fmt(quantile(isccMs, 0.99))],
        ['POST /sign-content, ISCC included (HTTP upload, sign, verify, store, index)', fmt(quantile(signMs, 0.5)), fmt(quantile(signMs, 0.99))],
      ],
    ));
    log(`\nThe ISCC adds about ${pct(quantile(isccMs, 0.5), quantile(signMs, 0.5))} to a signing (median ISCC ÷ median signing).\n`);

    // The threshold from the data: recovery a perfect index would give at each distance, against the
    // nearest unrelated image.
    const thresholds = [4, 6, 8, 10, 12, 14, 16];
    const fingerprinted = [...byTransform].filter(([name]) => !name.startsWith('stripped'));
    log(table(
      ['Hamming threshold', ...fingerprinted.map(([name]) => name), 'unrelated within it'],
      thresholds.map((d) => [d, ...fingerprinted.map(([, stats]) => pct(stats.distances.filter((x) => x <= d).length, stats.distances.length)), nearest.filter((x) => x <= d).length]),
    ));
    const minUnrelated = Math.min(...nearest);
    const recommended = Math.max(4, Math.min(12, minUnrelated - 4));
    log(`\nNote for the threshold (recommendation): ${recommended} bits. Unrelated images came no nearer than ${minUnrelated} bits to a signed one; a 4-bit margin below that keeps false matches at 0 while still covering the re-encodings, resizes and format conversions above (crops move the ISCC furthest). A band index with four 16-bit bands is certain to find a fingerprint only within 3 bits (some band must then be identical); between 4 and the threshold, a match is found only when one band happens to be unchanged: the difference between the "recovered" column and the table just above is what the band lookup misses.`);
  } finally {
    await server.stop();
  }
}
