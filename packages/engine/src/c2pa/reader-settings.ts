/**
 * The c2pa-rs settings every reader and builder of the engine runs with. Remote manifest fetching
 * is always off: c2pa-wasm would otherwise fetch whatever URL an asset's XMP names with the global
 * fetch, past every rule of the caller's safe fetcher. A remote manifest is served to it only from
 * bytes the caller fetched itself, and every other request is refused (see network-guard.ts).
 */
export interface ReaderSettingsOptions {
  /** Anchors that vouch for signers (PEM). */
  anchorsPem?: string;
  /**
   * Anchors that vouch for the X.509 credentials of CAWG identity assertions (the named actors),
   * kept apart from claim signers' (kind `cawg`), as CAWG 1.3 asks (PEM).
   */
  identityAnchorsPem?: string;
  /** Anchors that vouch for time-stamping authorities only (PEM). */
  timestampAnchorsPem?: string;
  remoteManifestFetch?: boolean;
  thumbnails?: boolean;
}

/**
 * The extended key usages a signing certificate may carry (c2pa-rs's `trust_config`): its own
 * default list plus the C2PA claim-signing and document-signing purposes the certificate profile
 * names. Without the last two, c2pa-rs refuses a certificate that carries only them (signingCredential.invalid),
 * on reading and on the read-back after signing, though the specification asks for exactly them.
 */
export const ALLOWED_SIGNING_EKUS: readonly string[] = [
  '1.3.6.1.4.1.62558.2.1', // c2pa-kp-claimSigning
  '1.3.6.1.5.5.7.3.36', // id-kp-documentSigning
  '1.3.6.1.5.5.7.3.4', // id-kp-emailProtection
  '1.3.6.1.5.5.7.3.8', // id-kp-timeStamping
  '1.3.6.1.5.5.7.3.9', // id-kp-OCSPSigning
  '1.3.6.1.4.1.311.76.59.1.9', // Microsoft C2PA signing
];

/**
 * c2pa-rs 0.92 keeps trust purposes apart: an anchor of kind `manifest` vouches for signers only,
 * one of kind `cawg` for identity assertions' credentials only, one of kind `tsa` for time-stamping authorities only (the deprecated `trust_anchors` it reads as
 * `manifest`). Before, every anchor vouched for both.
 */
function trustAnchors(options: ReaderSettingsOptions): { trust_anchors: string; trust_kind: 'manifest' | 'tsa' | 'cawg' }[] {
  return [
    ...(options.anchorsPem ? [{ trust_anchors: options.anchorsPem, trust_kind: 'manifest' as const }] : []),
    ...(options.identityAnchorsPem ? [{ trust_anchors: options.identityAnchorsPem, trust_kind: 'cawg' as const }] : []),
    ...(options.timestampAnchorsPem ? [{ trust_anchors: options.timestampAnchorsPem, trust_kind: 'tsa' as const }] : []),
  ];
}

export function readerSettings(options: ReaderSettingsOptions = {}): string {
  const anchors = trustAnchors(options);
  return JSON.stringify({
    verify: { verify_trust: anchors.length > 0, remote_manifest_fetch: options.remoteManifestFetch ?? false },
    trust: { trust_config: ALLOWED_SIGNING_EKUS.join('\n'), ...(anchors.length > 0 && { anchors }) },
    ...(options.thumbnails !== undefined && { builder: { thumbnail: { enabled: options.thumbnails } } }),
  });
}
