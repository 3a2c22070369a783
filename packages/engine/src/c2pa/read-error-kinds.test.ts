import { describe, expect, it } from 'vitest';
import { readErrorKind } from './read-error-kinds.ts';

describe('c2pa-rs reader errors, as the gateway and the browser read them', () => {
  it('takes a missing store as no manifest, whichever way c2pa-rs says it', () => {
    expect(readErrorKind('C2pa(JumbfNotFound)')).toEqual({ kind: 'no_manifest' });
    expect(readErrorKind('C2pa(ProvenanceMissing)')).toEqual({ kind: 'no_manifest' });
  });

  it('names a remote manifest’s URL, an unsupported format, and why a file could not be read', () => {
    expect(readErrorKind('C2pa(RemoteManifestUrl("https://example.org/m.c2pa"))')).toEqual({ kind: 'remote_manifest', url: 'https://example.org/m.c2pa' });
    expect(readErrorKind('C2pa(UnsupportedType)')).toEqual({ kind: 'unsupported' });
    expect(readErrorKind('C2pa(JumbfParseError(UnexpectedEof))')).toEqual({ kind: 'malformed', reason: 'its manifest store is corrupt' });
    expect(readErrorKind('C2pa(C2PAValidation("C2PA box present without a readable manifest"))')).toEqual({
      kind: 'malformed',
      reason: 'it has a C2PA box from which no manifest can be read',
    });
    expect(readErrorKind('C2pa(RemoteManifestFetch("remote manifest exceeds the 10485760 byte response size limit"))')).toEqual({
      kind: 'malformed',
      reason: 'its remote manifest is larger than the 10 MiB c2pa-rs reads',
    });
    expect(readErrorKind('something else')).toEqual({ kind: 'malformed', reason: 'c2pa-rs could not read it' });
  });
});
