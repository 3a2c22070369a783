/**
 * Signing a large MP4, MOV, M4A, HEIC, HEIF or AVIF file on disk into another file, in constant
 * memory (`provenance sign --stream`, and the engine pool's sign-file task for the server's spooled
 * uploads): the engine hashes the file as it streams and signs a manifest for it (sign-source.ts);
 * here the file is copied to the output in chunks (its SHA-256 and the signed file's taken on the
 * way) and the manifest's C2PA box appended. c2pa-wasm's own signing would hold the file several
 * times over, and cannot sign 1 GB.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import { signBmffSource, type SourceSignResult } from '../sign-source.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { Timestamper } from '../signer/rfc3161-timestamper.ts';
import { withFileSource } from './file-source.ts';
import type { NamedActor } from '../signer/identity-assertion.ts';
import type { ParentCredentials } from '../sign.ts';
import { copyReplacingParent, parentInFile } from './keep-parent.ts';

const CHUNK = 8 * 1024 * 1024;

/** Files at least this large are signed from disk by default (--stream asks for it at any size). */
export const SIGN_FROM_DISK_BYTES = 256 * 1024 * 1024;

export interface DiskSignResult extends SourceSignResult {
  /** SHA-256 (hex) of the input. */
  assetHash: string;
  /** SHA-256 (hex) of the signed file (the input followed by the manifest box). */
  signedAssetHash: string;
  originalBytes: number;
  signedBytes: number;
  /** The credentials the file carried, kept as its parent ingredient (keep-parent.ts); null when it carried none. */
  parentCredentials: ParentCredentials | null;
}

/** Copies `from` to `to` in chunks and appends `tail`, returning the SHA-256 of `from` and of `to`. */
function copyWithHash(from: string, to: string, tail: Uint8Array): { assetHash: string; signedAssetHash: string } {
  const hash = createHash('sha256');
  const input = openSync(from, 'r');
  const output = openSync(to, 'w');
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let position = 0; ; ) {
      const count = readSync(input, buffer, 0, CHUNK, position);
      if (count === 0) break;
      hash.update(buffer.subarray(0, count));
      for (let written = 0; written < count; ) written += writeSync(output, buffer, written, count - written);
      position += count;
    }
    for (let written = 0; written < tail.byteLength; ) written += writeSync(output, tail, written, tail.byteLength - written);
  } finally {
    closeSync(input);
    closeSync(output);
  }
  // The signed file's hash continues the input's: a copy of the state before the tail is added.
  const signed = hash.copy().update(tail).digest('hex');
  return { assetHash: hash.digest('hex'), signedAssetHash: signed };
}

/** `identity`: the organisation the manifest names as its actor (signer/identity-assertion.ts). */
export async function signFromDisk(
  path: string,
  output: string,
  mime: string,
  metadata: SigningMetadata,
  signer: ClaimSigner,
  evidence: { timestamper?: Timestamper | undefined; identity?: NamedActor | undefined; ocspResponse?: Uint8Array | undefined } = {},
): Promise<DiskSignResult> {
  const { timestamper, identity, ocspResponse } = evidence;
  const { result, size, kept } = await withFileSource(path, async (source) => {
    // Credentials the file carries become its parent ingredient, their box leaving the signed file.
    const kept = await parentInFile(source, mime);
    const options = { ...(timestamper && { timestamper }), ...(ocspResponse && { ocspResponse }), ...(metadata.title && { title: metadata.title }), ...(kept && { parent: kept.parent }), ...(identity && { identity }) };
    return { result: await signBmffSource(kept?.view ?? source, mime, metadata, signer, options), size: source.size, kept };
  });
  const hashes = kept ? copyReplacingParent(path, output, result.manifestBox, kept) : copyWithHash(path, output, result.manifestBox);
  const keptBytes = kept?.dropped ? size - kept.box.size : size;
  return { ...result, ...hashes, originalBytes: size, signedBytes: keptBytes + result.manifestBox.byteLength, parentCredentials: kept?.credentials ?? null };
}
