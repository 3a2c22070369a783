// Where the API serves a signed asset, its manifest, its .c2pa sidecar and its thumbnail: absolute
// URLs under the public API base (PUBLIC_URL + /api/v1), built only in the HTTP layer.
export interface AssetLinks {
  signedAssetUrl: string;
  manifestUrl: string;
  sidecarUrl: string;
  thumbnailUrl: string;
}

export function assetLinks(apiBaseUrl: string, assetId: string, manifestId: string): AssetLinks {
  const manifestUrl = `${apiBaseUrl}/manifests/${encodeURIComponent(manifestId)}`;
  return {
    signedAssetUrl: `${apiBaseUrl}/assets/${assetId}`,
    manifestUrl,
    sidecarUrl: `${manifestUrl}?format=c2pa`,
    thumbnailUrl: `${apiBaseUrl}/assets/${assetId}/thumbnail`,
  };
}
