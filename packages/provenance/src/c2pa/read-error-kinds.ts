/**
 * What a c2pa-rs reader error (a plain string such as `C2pa(JumbfNotFound)`) means: no manifest, a
 * format it does not read, a manifest kept at a URL, or a file it cannot read and why. Free of node
 * and of c2pa-wasm, so the browser reads c2pa-web's errors exactly as the gateway reads c2pa-wasm's.
 */
export type ReadErrorKind =
  | { kind: 'no_manifest' }
  | { kind: 'unsupported' }
  | { kind: 'remote_manifest'; url: string | null }
  | { kind: 'malformed'; reason: string };

const MALFORMED_REASONS: [RegExp, string][] = [
  [/too deply nested|too deeply nested/i, 'its boxes are nested too deeply'],
  [/too many subfiles/i, 'the TIFF file has too many subfiles'],
  [/Invalid RIFF/i, 'the RIFF structure is invalid'],
  [/UnknownAlgorithm/i, 'its manifest names an unknown signing algorithm'],
  [/PrereleaseError/i, 'its manifest uses a pre-release C2PA format that is no longer supported'],
  [/invalid BMFF|BMFF/i, 'its BMFF (MP4) structure is invalid'],
  [/InvalidAsset/i, 'its structure is invalid'],
  [/Jumbf|Cbor|ClaimDecoding|Decoding/i, 'its manifest store is corrupt'],
];

export function readErrorKind(text: string): ReadErrorKind {
  if (/JumbfNotFound|ProvenanceMissing/.test(text)) return { kind: 'no_manifest' };
  if (/UnsupportedType/.test(text)) return { kind: 'unsupported' };
  const remoteUrl = /RemoteManifestUrl\("([^"]+)"\)/.exec(text);
  if (remoteUrl) return { kind: 'remote_manifest', url: remoteUrl[1]! };
  if (/RemoteManifest/.test(text)) return { kind: 'remote_manifest', url: null };
  const reason = MALFORMED_REASONS.find(([pattern]) => pattern.test(text))?.[1];
  return { kind: 'malformed', reason: reason ?? 'c2pa-rs could not read it' };
}
