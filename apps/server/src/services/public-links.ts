// The links services write into what they keep or send: a managed certificate's OCSP address, a
// signed asset's address, a recovered manifest's store, a badge's thumbnail. API URLs are built only
// in the HTTP layer (http/asset-links.ts: publicLinks, under PUBLIC_URL), which hands them to
// createServices: services know no routes.
export interface PublicLinks {
  /** The OCSP responder, named in each managed certificate's AIA. */
  ocspUrl: string;
  /** Where a signed asset's file is served. */
  signedAssetUrl(assetId: string): string;
  /** Where a manifest store found by the soft-binding resolver is served (a recovery's manifestUrl). */
  sbrManifestUrl(manifestId: string): string;
  /** Where a signed asset's thumbnail is served. */
  thumbnailUrl(assetId: string): string;
  /** Where the signed file a timestamp replaced stays served (GET /assets/{assetId}/before-timestamp). */
  previousVersionUrl(assetId: string): string;
}
