/**
 * Turns c2pa-rs reader errors (plain strings such as `C2pa(JumbfNotFound)`) into the engine's
 * answer: 'no_manifest' when the asset simply carries none, or a typed error a person understands.
 * What each error means is read-error-kinds.ts's, shared with the browser.
 */
import { MalformedAssetError, ProvenanceError, RemoteManifestError, UnsupportedFormatError } from '../errors.ts';
import { findFormat } from '../formats.ts';
import { readErrorKind } from './read-error-kinds.ts';
import { c2paErrorText } from './wasm.ts';

export function classifyReadError(mime: string, error: unknown): 'no_manifest' | ProvenanceError {
  const text = c2paErrorText(error);
  const read = readErrorKind(text, findFormat(mime)?.name);
  switch (read.kind) {
    case 'no_manifest':
      return 'no_manifest';
    case 'unsupported':
      return new UnsupportedFormatError(mime, text);
    case 'remote_manifest':
      return new RemoteManifestError(read.url, text);
    case 'malformed':
      return new MalformedAssetError(read.reason, text);
  }
}
