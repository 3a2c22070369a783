// Fast first load, measured: what a first visit to / transfers (bytes on the wire, per type, and
// how many scripts), what a repeat visit transfers, and the largest contentful paint. It asserts
// behaviour, not timings: scripts and the page arrive compressed, hashed bundles are cached for a
// year, and a repeat visit moves less than a tenth of the first. The figures are printed and
// attached to the results.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

interface Transfer {
  url: string;
  type: string;
  encodedBytes: number;
  decodedBytes: number;
  encoding: string | null;
  fromCache: boolean;
}

/** Every response of the page's navigation, with the bytes Chromium read off the network. */
async function recordTransfers(page: Page, cdp: CDPSession): Promise<Transfer[]> {
  const pending = new Map<string, Omit<Transfer, 'encodedBytes' | 'decodedBytes'> & { decodedBytes: number }>();
  const done: Transfer[] = [];
  const servedFromCache = new Set<string>();
  await cdp.send('Network.enable');
  cdp.on('Network.requestServedFromCache', ({ requestId }) => servedFromCache.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    pending.set(requestId, { url: response.url, type, encoding: headers['content-encoding'] ?? null, fromCache: Boolean(response.fromDiskCache) || servedFromCache.has(requestId), decodedBytes: 0 });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const entry = pending.get(requestId);
    if (entry) entry.decodedBytes += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const entry = pending.get(requestId);
    if (entry) done.push({ ...entry, encodedBytes: encodedDataLength });
  });
  return done;
}

/** The largest contentful paint of the page so far, in milliseconds from navigation start. */
async function largestContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const sum = (transfers: Transfer[], pick: (t: Transfer) => number) => transfers.reduce((total, t) => total + pick(t), 0);

async function visit(page: Page, transfers: Transfer[]): Promise<void> {
  transfers.length = 0;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prove where your content comes from.' })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the landing page arrives compressed, and a repeat visit comes from the cache', async ({ page }, testInfo) => {
  const cdp = await page.context().newCDPSession(page);
  const transfers = await recordTransfers(page, cdp);

  await visit(page, transfers);
  const first = [...transfers];
  const lcp = await largestContentfulPaint(page);
  const scripts = first.filter((t) => t.type === 'Script');
  const app = first.filter((t) => new URL(t.url).pathname.startsWith('/assets/') || t.type === 'Document');

  // The app's text goes over the wire compressed, brotli when the browser takes it (a file of a
  // few hundred bytes may stay plain: compressing it would not make it smaller).
  for (const transfer of app.filter((t) => ['Script', 'Stylesheet', 'Document'].includes(t.type) && t.decodedBytes > 1024)) {
    expect(transfer.encoding, `${transfer.url} is sent compressed`).toBe('br');
  }
  const bundle = scripts.find((t) => new URL(t.url).pathname.startsWith('/assets/'));
  expect(bundle, 'the landing page loads a hashed bundle').toBeDefined();
  const hashed = await page.request.get(bundle!.url, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(hashed.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers()['content-encoding']).toBe('gzip');
  expect(hashed.headers()['vary']).toBe('Accept-Encoding');

  // A repeat visit: the page itself is revalidated, every hashed bundle comes from the cache.
  await visit(page, transfers);
  const repeat = [...transfers];
  const firstBytes = sum(first, (t) => t.encodedBytes);
  const repeatBytes = sum(repeat, (t) => t.encodedBytes);
  expect(repeat.filter((t) => new URL(t.url).pathname.startsWith('/assets/') && !t.fromCache), 'bundles fetched again').toEqual([]);
  expect(repeatBytes).toBeLessThan(firstBytes / 10);

  const figures = {
    firstVisit: {
      transferred: kB(firstBytes),
      javascript: `${kB(sum(scripts, (t) => t.encodedBytes))} on the wire, ${kB(sum(scripts, (t) => t.decodedBytes))} uncompressed, in ${scripts.length} files`,
      css: kB(sum(first.filter((t) => t.type === 'Stylesheet'), (t) => t.encodedBytes)),
      requests: first.length,
    },
    repeatVisit: { transferred: kB(repeatBytes), requests: repeat.length, fromCache: repeat.filter((t) => t.fromCache).length },
    largestContentfulPaint: `${Math.round(lcp)} ms`,
  };
  console.log(`first load of /: ${JSON.stringify(figures, null, 2)}`);
  await testInfo.attach('first-load.json', { body: JSON.stringify({ figures, first, repeat }, null, 2), contentType: 'application/json' });
});
