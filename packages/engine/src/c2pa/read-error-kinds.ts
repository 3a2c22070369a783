/**
 * What a c2pa-rs reader error (a plain string such as `C2pa(JumbfNotFound)`) means: no manifest, a
 * format it does not read, a manifest kept at a URL, or a file it cannot read and why. Free of node
 * and of c2pa-wasm, so the browser (which runs the same c2pa-wasm in a worker) reads its errors as the gateway does.
 */
export type ReadErrorKind =
  | { kind: 'no_manifest' }
  | { kind: 'unsupported' }
  | { kind: 'remote_manifest'; url: string | null }
  | { kind: 'malformed'; reason: string };

/** null: the file is simply not a valid file of its format (said with the format's name when known). */
const MALFORMED_REASONS: [RegExp, string | null][] = [
  [/too deply nested|too deeply nested/i, 'its boxes are nested too deeply'],
  [/too many subfiles/i, 'the TIFF file has too many subfiles'],
  [/Invalid RIFF/i, 'the RIFF structure is invalid'],
  [/UnknownAlgorithm/i, 'its manifest names an unknown signing algorithm'],
  [/PrereleaseError/i, 'its manifest uses a pre-release C2PA format that is no longer supported'],
  // c2pa-rs 0.92 refuses a BMFF file whose C2PA box resolves to no manifest (a DASH fragment
  // without its init segment, say) before it looks at the rest of the structure.
  [/C2PA box present without a readable manifest/i, 'it has a C2PA box from which no manifest can be read'],
  [/invalid BMFF|BMFF/i, 'its BMFF (MP4) structure is invalid'],
  [/InvalidAsset/i, null],
  [/Jumbf|Cbor|ClaimDecoding|Decoding/i, 'its manifest store is corrupt'],
];

const MIB = 1024 * 1024;
const sizeInWords = (bytes: number): string => (bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`);

/**
 * `formatName` ("JPEG"): the file was taken for a format the engine reads, so c2pa-rs failing to
 * parse it (even as UnsupportedType) means a broken file of that format, not an unsupported format.
 */
export function readErrorKind(text: string, formatName?: string): ReadErrorKind {
  const notValid = formatName ? `it is not a valid ${formatName} file` : 'its structure is invalid';
  if (/JumbfNotFound|ProvenanceMissing/.test(text)) return { kind: 'no_manifest' };
  if (/UnsupportedType/.test(text)) return formatName ? { kind: 'malformed', reason: notValid } : { kind: 'unsupported' };
  // c2pa-rs 0.92 refuses a remote manifest over its size cap (verify.max_manifest_response_size, 10 MiB
  // by default) though the caller fetched it: not a manifest still to be fetched.
  const tooLarge = /remote manifest exceeds the (\d+) byte response size limit/.exec(text);
  if (tooLarge) return { kind: 'malformed', reason: `its remote manifest is larger than the ${sizeInWords(Number(tooLarge[1]))} c2pa-rs reads` };
  const remoteUrl = /RemoteManifestUrl\("([^"]+)"\)/.exec(text);
  if (remoteUrl) return { kind: 'remote_manifest', url: remoteUrl[1]! };
  if (/RemoteManifest/.test(text)) return { kind: 'remote_manifest', url: null };
  const match = MALFORMED_REASONS.find(([pattern]) => pattern.test(text));
  return { kind: 'malformed', reason: match ? (match[1] ?? notValid) : 'c2pa-rs could not read it' };
}
