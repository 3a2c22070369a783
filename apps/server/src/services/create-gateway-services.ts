// Builds the gateway's services (signing, verification, analytics, signed assets) from the engine,
// the safe fetcher, the asset store and the database. main.ts and the tests call it.
import type { Db } from '../db/create-db.ts';
import type { SafeFetch } from '../fetch/safe-fetcher.ts';
import type { Logger } from '../logging/logger.ts';
import { createAnalytics, type Analytics } from './analytics/analytics.ts';
import type { AssetStore } from './assets/asset-store.ts';
import { createSignedAssets, type SignedAssets } from './assets/signed-assets.ts';
import type { GatewayEngine } from './provenance/gateway-engine.ts';
import { createContentSigner, type ContentSigner } from './signing/sign-content.ts';
import { createVerificationCache } from './verification/verification-cache.ts';
import { createVerificationEvents } from './verification/verification-events.ts';
import { createContentVerifier, type ContentVerifier } from './verification/verify-content.ts';

export interface GatewayServices {
  engine: GatewayEngine;
  store: AssetStore;
  signedAssets: SignedAssets;
  signer: ContentSigner;
  verifier: ContentVerifier;
  analytics: Analytics;
  /** Absolute base of API links in responses (PUBLIC_URL + /api/v1). */
  apiBaseUrl: string;
  /** Writes what is still queued (verification events); call before closing the database. */
  flush(): Promise<void>;
}

export function createGatewayServices(deps: {
  db: Db;
  engine: GatewayEngine;
  fetcher: SafeFetch;
  store: AssetStore;
  apiBaseUrl: string;
  clock?: () => Date;
  /** Verification results kept by asset hash; 0 turns the cache off (benchmarks of cold verification). */
  verifyCacheEntries?: number;
  logger?: Logger;
}): GatewayServices {
  const events = createVerificationEvents(deps.db, {
    ...(deps.clock && { clock: deps.clock }),
    onWriteError: (error, lost) => deps.logger?.error('verification events could not be written', { lost, error: error instanceof Error ? error.message : String(error) }),
  });
  const signedAssets = createSignedAssets(deps.db, events);
  return {
    engine: deps.engine,
    store: deps.store,
    signedAssets,
    signer: createContentSigner({ engine: deps.engine, fetcher: deps.fetcher, store: deps.store, signedAssets, apiBaseUrl: deps.apiBaseUrl }),
    verifier: createContentVerifier({ engine: deps.engine, fetcher: deps.fetcher, store: deps.store, signedAssets, events, cache: createVerificationCache({ maxEntries: deps.verifyCacheEntries ?? 5_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 }) }),
    analytics: createAnalytics({ db: deps.db, signedAssets, events, ...(deps.clock && { clock: deps.clock }) }),
    apiBaseUrl: deps.apiBaseUrl,
    flush: () => events.flush(),
  };
}
