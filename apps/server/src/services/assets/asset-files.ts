// The names every asset store shares: the files kept per signed asset and what an asset ID looks like.
// A store never turns anything but an asset ID we made (a UUID) into a path or an object key.

/**
 * `signed` is the file served at the asset's URL; `signed-before-timestamp` is the version it replaced
 * when a timestamp was added later (services/timestamps/), kept as it was signed.
 */
export type AssetFile = 'signed' | 'manifest.c2pa' | 'thumbnail.jpg' | 'signed-before-timestamp';

export const ASSET_FILES: readonly AssetFile[] = ['signed', 'manifest.c2pa', 'thumbnail.jpg', 'signed-before-timestamp'];

const ASSET_ID = /^[0-9a-f-]{36}$/;

export function isAssetId(value: string): boolean {
  return ASSET_ID.test(value);
}

export function isAssetFile(name: string): name is AssetFile {
  return (ASSET_FILES as readonly string[]).includes(name);
}
