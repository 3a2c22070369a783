// End-to-end tests: Debian's Chromium (no browser download is possible) against the built web app
// served by the real server, with a fresh data directory per run, a static asset server for
// the verify tests and a mailbox (SMTP) the server sends to. Screenshots of every screen are attached to the results for review.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { APP_PORT, APP_URL, ASSET_URL, MAILBOX_URL, SMTP_PORT, TEST_ROOTS_PORT, TEST_ROOTS_URL, dataDir } from './support/e2e-env.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DATA_DIR = dataDir();
const WEB_DIST_DIR = path.join(DATA_DIR, 'web-dist');

/** The app server's environment. */
const appEnv: Record<string, string> = {
  PORT: String(APP_PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  WEB_DIST_DIR,
  PUBLIC_URL: APP_URL,
  FETCH_ALLOW_HOSTS: '127.0.0.1',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  // Set-up calls present distinct client addresses (fixtures.ts, testClientAddress) so the
  // per-address account limits apply per test client, not to the whole run.
  TRUST_PROXY: 'true',
  // Tests make no outbound calls: the official trust lists are not fetched from their URLs.
  TRUST_LIST_REFRESH_HOURS: '0',
  // Nor to the default public time-stamping authority.
  TSA_URL: 'off',
  LOG_LEVEL: 'warn',
};

/** The c2pa-rs test roots (they sign most of ../shared/corpus), trusted only by the second app server. */
const TEST_ROOTS_PEM = path.resolve(repoRoot, '../shared/corpus/trust/c2pa-rs-test-roots.pem');

export default defineConfig({
  testDir: here,
  testMatch: '**/*.spec.ts',
  // Everything a run writes stays under test-results/ (git- and lint-ignored): per-test artifacts
  // with the screenshots, and the HTML report that shows them.
  outputDir: path.join(here, '../test-results/artifacts'),
  timeout: 45_000,
  expect: { timeout: 10_000 },
  globalSetup: path.join(here, 'support/global-setup.ts'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['html', { outputFolder: path.join(here, '../test-results/report'), open: 'never' }]],
  use: {
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      name: 'assets',
      command: 'npx tsx apps/web/e2e/support/asset-server.ts',
      cwd: repoRoot,
      url: `${ASSET_URL}/health`,
      env: { E2E_DATA_DIR: DATA_DIR },
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      // Sign-ups are confirmed by mail: the app server sends through this one, the specs read it.
      name: 'mailbox',
      command: 'npx tsx apps/web/e2e/support/mailbox.ts',
      cwd: repoRoot,
      url: `${MAILBOX_URL}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      name: 'app',
      // Built into this run's own directory: apps/web/dist is shared with whoever else builds in
      // this working tree, and a rebuild under a running suite would pull screens from under it.
      command: `npm run build -w @provenance/web -- --outDir ${WEB_DIST_DIR} --emptyOutDir && npx tsx apps/server/src/main.ts`,
      cwd: repoRoot,
      url: `${APP_URL}/api/v1/openapi.json`,
      env: appEnv,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    // The same build served by a second gateway that also trusts the c2pa-rs test roots, with its own
    // data: browser-corpus-agreement.spec.ts sweeps the corpus there too, so that the verdicts of
    // trusted signers, time-stamps and named actors are compared as well (here no corpus signer is trusted).
    ...(existsSync(TEST_ROOTS_PEM)
      ? [
          {
            name: 'app trusting the c2pa-rs test roots',
            command: 'npx tsx apps/server/src/main.ts',
            cwd: repoRoot,
            url: `${TEST_ROOTS_URL}/api/v1/openapi.json`,
            env: { ...appEnv, PORT: String(TEST_ROOTS_PORT), PUBLIC_URL: TEST_ROOTS_URL, DATA_DIR: path.join(DATA_DIR, 'test-roots-gateway'), TRUST_ANCHORS: TEST_ROOTS_PEM },
            timeout: 240_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
          },
        ]
      : []),
  ],
});
