// What the report offers to download: the manifest report as JSON (made in the browser from the
// answer already on screen); the `.c2pa` manifest store's address is in src/lib/api/manifests.
import type { TVerifyResponse } from '@provenance/contracts';

/** A file-name-safe stem from the asset title or the manifest ID. */
export function downloadStem(result: TVerifyResponse): string {
  const source = result.report.activeManifest?.title ?? result.report.manifestId ?? 'content-credentials';
  const stem = source
    .replace(/\.[a-z0-9]{2,5}$/i, '')
    .replace(/[^a-z0-9._-]+/gi, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || 'content-credentials';
}

export function reportJson(result: TVerifyResponse): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

export function reportPath(manifestId: string): string {
  return `/v/${encodeURIComponent(manifestId)}`;
}
