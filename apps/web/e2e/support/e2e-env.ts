// Addresses and directories shared by the Playwright config and the specs: the app server, the
// static asset server that feeds the verify tests, the mailbox, and the run's fresh data directory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 8787);
export const ASSET_PORT = Number(process.env.E2E_ASSET_PORT ?? 8788);
/** The run's mailbox (mailbox.ts): SMTP for the app server, HTTP for the specs to read the mail. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 8789);
export const MAILBOX_PORT = Number(process.env.E2E_MAILBOX_PORT ?? 8790);
export const MAILBOX_URL = `http://127.0.0.1:${MAILBOX_PORT}`;
/** A second app server, only for browser-corpus-agreement.spec.ts: it also trusts the c2pa-rs test roots (TRUST_ANCHORS). */
export const TEST_ROOTS_PORT = Number(process.env.E2E_TEST_ROOTS_PORT ?? 8791);
export const TEST_ROOTS_URL = `http://127.0.0.1:${TEST_ROOTS_PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const ASSET_URL = `http://127.0.0.1:${ASSET_PORT}`;

/** One data directory per run, made by the config process and inherited by the workers. */
export function dataDir(): string {
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'provenance-e2e-'));
  return process.env.E2E_DATA_DIR;
}

/** The assets the asset server publishes, by verdict the verify endpoint should give. */
export const ASSETS = {
  verified: `${ASSET_URL}/verified.png`,
  unsigned: `${ASSET_URL}/unsigned.png`,
  invalid: `${ASSET_URL}/invalid.png`,
} as const;

/** The shared accounts global-setup.ts creates, for the specs to sign in to. */
export const ACCOUNTS_FILE = (): string => path.join(dataDir(), 'e2e-accounts.json');
