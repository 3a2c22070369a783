// Helpers of the report and badge specs: sign an asset through the real API as a fresh account,
// find where the server stores it (to tamper with it as an attacker with disk access would), and
// the shared corpus files used when ../shared is present.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import type { TSignContentResponse } from '@provenance/contracts';
import { APP_URL, dataDir } from './e2e-env.ts';
import { expect, signUpViaApi, type TestSession } from './fixtures.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const corpusFile = (relative: string): string => path.join(corpusDir, relative);
export const hasCorpusFile = (relative: string): boolean => existsSync(corpusFile(relative));

export interface SignInput {
  name: string;
  mimeType: string;
  buffer: Buffer;
  metadata: Record<string, unknown>;
}

/** Signs as `session`, or as a fresh account made for the call. */
export async function signThroughApi(request: APIRequestContext, input: SignInput, tag = 'signer', session?: TestSession): Promise<TSignContentResponse> {
  session ??= await signUpViaApi(request, tag);
  const response = await request.post(`${APP_URL}/api/v1/sign-content`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    multipart: { file: { name: input.name, mimeType: input.mimeType, buffer: input.buffer }, metadata: JSON.stringify(input.metadata) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TSignContentResponse;
}

/** Where the asset store keeps a signed asset's bytes (DATA_DIR/assets/<2>/<id>/signed). */
export function storedAssetPath(assetId: string): string {
  return path.join(dataDir(), 'assets', assetId.slice(0, 2), assetId, 'signed');
}
