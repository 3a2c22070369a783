// A signed asset's timestamp as the API answers it (the asset list, POST /assets/{assetId}/timestamp):
// its state from the row, and the link to the file a timestamp replaced when one did.
import type { TAssetTimestamp } from '@provenance/contracts';
import type { SignedAssetRow } from '../../services/assets/signed-assets.ts';
import { assetLinks } from '../../http/asset-links.ts';

export function assetTimestampAnswer(apiBaseUrl: string, row: SignedAssetRow): TAssetTimestamp {
  return {
    state: row.timestampState,
    addedAt: row.timestampedAt?.toISOString() ?? null,
    attempts: row.timestampAttempts,
    lastError: row.timestampError,
    previousVersionUrl: row.previousSignedAssetHash ? assetLinks(apiBaseUrl, row.id, row.manifestId).previousVersionUrl : null,
  };
}
