/**
 * Turns c2pa-rs reader errors (plain strings such as `C2pa(JumbfNotFound)`) into the engine's
 * answer: 'no_manifest' when the asset simply carries none, or a typed error a person understands.
 */
import { MalformedAssetError, ProvenanceError, RemoteManifestError, UnsupportedFormatError } from '../errors.ts';
import { findFormat } from '../formats.ts';
import { c2paErrorText } from './wasm.ts';

const MALFORMED_REASONS: [RegExp, string][] = [
  [/too deply nested|too deeply nested/i, 'its boxes are nested too deeply'],
  [/too many subfiles/i, 'the TIFF file has too many subfiles'],
  [/Invalid RIFF/i, 'the RIFF structure is invalid'],
  [/UnknownAlgorithm/i, 'its manifest names an unknown signing algorithm'],
  [/PrereleaseError/i, 'its manifest uses a pre-release C2PA format that is no longer supported'],
  [/invalid BMFF|BMFF/i, 'its BMFF (MP4) structure is invalid'],
  [/InvalidAsset/i, ''],
  [/Jumbf|Cbor|ClaimDecoding|Decoding/i, 'its manifest store is corrupt'],
];

export function classifyReadError(mime: string, error: unknown): 'no_manifest' | ProvenanceError {
  const text = c2paErrorText(error);
  if (/JumbfNotFound|ProvenanceMissing/.test(text)) return 'no_manifest';
  const format = findFormat(mime);
  // A format the engine reads that c2pa-rs cannot parse is a broken file of that format, not an unsupported one.
  const notValid = `it is not a valid ${format?.name ?? mime} file`;
  if (/UnsupportedType/.test(text)) return format ? new MalformedAssetError(notValid, text) : new UnsupportedFormatError(mime, text);
  const remoteUrl = /RemoteManifestUrl\("([^"]+)"\)/.exec(text);
  if (remoteUrl) return new RemoteManifestError(remoteUrl[1]!, text);
  if (/RemoteManifest/.test(text)) return new RemoteManifestError(null, text);
  for (const [pattern, reason] of MALFORMED_REASONS) {
    if (pattern.test(text)) return new MalformedAssetError(reason || notValid, text);
  }
  return new MalformedAssetError('c2pa-rs could not read it', text);
}
