/**
 * verify over a ByteSource: the same verification as verify(), for an asset the caller does not
 * hold in memory (a video on disk, a spooled upload, an upload still arriving). A BMFF file or a JPEG
 * is hashed as its bytes stream, c2pa-wasm given only its manifest prefix; anything else is read by c2pa-wasm through the source.
 * Memory stays bounded by the chunks in flight, not the file's size. The engine still does no I/O:
 * the caller's source does the reading.
 */
import { isMemorySource, type ByteSource } from './byte-source.ts';
import { nativeBmff } from './hard-binding/bmff-read.ts';
import { nativeDataHashSource } from './hard-binding/data-hash-source-read.ts';
import { sourceReads } from './hard-binding/source-read.ts';
import { UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import type { VerifyResponse } from './report/verification-report.ts';
import { NO_TRUST } from './trust/trust-store.ts';
import { readTrusted } from './trust/trusted-read.ts';
import { verificationAsOf, verificationOf, verifyWithCredential, type CredentialedVerification, type VerifyOptions } from './verify.ts';

export async function verifySourceWithCredential(source: ByteSource, mimeType: string, options: VerifyOptions = {}): Promise<CredentialedVerification> {
  const { at, ...now } = options;
  if (at) return verificationAsOf(at, () => verifySourceWithCredential(source, mimeType, now));
  // In memory, or checked against a sidecar (which reads the asset whole): the ordinary path.
  if (isMemorySource(source)) return verifyWithCredential(source.bytes, mimeType, options);
  if (options.manifest) return verifyWithCredential(await source.read(0, source.size), mimeType, options);
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  // A source c2pa-wasm cannot read through a Blob (no synchronous reads: an upload still arriving)
  // of a format without a native read from a source is read whole, then verified as bytes.
  if (!source.readSync && !nativeBmff(format.mime, options) && !nativeDataHashSource(format.mime, options)) {
    return verifyWithCredential(await source.read(0, source.size), mimeType, options);
  }
  const read = await readTrusted(sourceReads(format.mime, source, options), options.trust ?? NO_TRUST, options);
  return verificationOf(read, format.mime, options);
}

export async function verifySource(source: ByteSource, mimeType: string, options: VerifyOptions = {}): Promise<VerifyResponse> {
  return (await verifySourceWithCredential(source, mimeType, options)).response;
}
