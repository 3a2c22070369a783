/**
 * Signing a large BMFF file that already carries Content Credentials, keeping them as its parent
 * ingredient, in constant memory. c2pa-wasm cannot be given the file, so its builder is given the
 * parent by its manifest store alone (sign-source.ts StoreParent) with the validation results c2pa-rs
 * records for a parent it reads whole: here they are computed from the file as verifySource reads it
 * (the native BMFF read, else c2pa-wasm through the file), read without trust as the builder reads an
 * ingredient. The tests compare the ingredient so recorded with c2pa-wasm's own, intact and tampered.
 *
 * The parent's C2PA box leaves the signed file, as c2pa-rs replaces a store it embeds again: dropped
 * when it is the file's last box, else turned into a `free` box of the same size with its content
 * zeroed, so no other box moves (their offsets, and the sample tables pointing into mdat, stay
 * right); both are excluded from the new BMFF hash as the C2PA box was. `view` is the file so
 * changed, which is hashed and signed; copyReplacingParent writes it.
 *
 * Only a file with exactly one C2PA box of purpose `manifest` whose store c2pa-wasm opens is signed
 * so; anything else keeps the refusal (sign it in memory).
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import type { ByteSource } from '../byte-source.ts';
import { C2PA_UUID, readBmffTree, sameBytes } from '../containers/bmff-boxes.ts';
import { bmffManifestLayout } from '../hard-binding/bmff-hard-binding.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { sourceReads } from '../hard-binding/source-read.ts';
import { MalformedAssetError } from '../errors.ts';
import { mostSevere } from '../report/reason-code.ts';
import { explainCode } from '../report/validation-codes.ts';
import type { ParentCredentials } from '../sign.ts';
import type { StoreParent } from '../sign-source.ts';

const CHUNK = 8 * 1024 * 1024;
/** A C2PA box's header, UUID, version and flags, purpose "manifest\0" and Merkle offset, before the store. */
const STORE_OFFSET = 8 + 16 + 4 + 'manifest\0'.length + 8;

/** The parent a file carries, and the file as it is signed: without the parent's box. */
export interface FileParent {
  parent: StoreParent;
  /** Whether the parent's credentials were intact (trust aside), as sign() says of an input's. */
  credentials: ParentCredentials;
  view: ByteSource;
  /** The parent's C2PA box in the file. */
  box: { offset: number; size: number };
  /** True when the box was the file's last and is dropped; false when it becomes a free box. */
  dropped: boolean;
}

const refuse = (why: string) => new MalformedAssetError(`it already carries Content Credentials that ${why} (sign it in memory to keep them as its parent)`);

/** `source` with `box` made a `free` box with zeroed content. */
function freedView(source: ByteSource, box: { offset: number; size: number }): ByteSource {
  const patch = (bytes: Uint8Array, offset: number) => (offset + bytes.byteLength <= box.offset || offset >= box.offset + box.size ? bytes : freedChunk(bytes, offset, box));
  return {
    size: source.size,
    read: async (offset, length) => patch(await source.read(offset, length), offset),
    ...(source.readSync && { readSync: (offset: number, length: number) => patch(source.readSync!(offset, length), offset) }),
  };
}

/** `source` ending before its last box. */
function truncatedView(source: ByteSource, size: number): ByteSource {
  return { size, read: (offset, length) => source.read(offset, length), ...(source.readSync && { readSync: (offset: number, length: number) => source.readSync!(offset, length) }) };
}

/** c2pa-rs's verdict on the parent's credentials, in sign()'s words (sign.ts readParentCredentials). */
function credentialsOf(store: RawManifestStore): ParentCredentials {
  if (store.validation_state !== 'Invalid') return { status: 'valid', reason: null, failureCodes: [] };
  const failures = store.validation_results?.activeManifest?.failure ?? store.validation_status ?? [];
  const worst = mostSevere(failures);
  return { status: 'invalid', reason: worst ? explainCode(worst.code, worst.explanation) : 'c2pa-rs found them invalid', failureCodes: failures.map((code) => code.code) };
}

/** The parent `source` carries, null when it carries no C2PA box; throws when it carries one that cannot be kept so. */
export async function parentInFile(source: ByteSource, mime: string): Promise<FileParent | null> {
  const layout = await bmffManifestLayout(source);
  if (!layout) {
    // No layout: either no credentials at all (signed as any file), or credentials laid out otherwise.
    const top = await readBmffTree(source);
    if (top?.some((box) => box.type === 'uuid' && box.userType && sameBytes(box.userType, C2PA_UUID))) throw refuse('are not laid out as one manifest box');
    return null;
  }
  const box = layout.top.find((candidate) => candidate.type === 'uuid' && candidate.userType && sameBytes(candidate.userType, C2PA_UUID))!;
  const context = readerSettings();
  const reads = sourceReads(mime, source, {});
  const read = (await reads.native?.(context).catch(() => null)) ?? (await reads.whole(context).catch(() => null));
  if (!read) throw refuse('cannot be read');
  const { store } = read;
  read.reader.free();
  if (!store.active_manifest) throw refuse('have no active manifest');
  const dropped = box.offset + box.size === source.size;
  return {
    parent: { store: await source.read(box.offset + STORE_OFFSET, box.size - STORE_OFFSET), activeManifest: store.active_manifest, validationResults: store.validation_results },
    credentials: credentialsOf(store),
    view: dropped ? truncatedView(source, box.offset) : freedView(source, box),
    box: { offset: box.offset, size: box.size },
    dropped,
  };
}

/**
 * Copies the file at `from` to `to` as `kept.view` shows it (the parent's box dropped or freed) and
 * appends `tail`: the SHA-256 of the input as given, and of the signed file written.
 */
export function copyReplacingParent(from: string, to: string, tail: Uint8Array, kept: FileParent): { assetHash: string; signedAssetHash: string } {
  const assetHash = createHash('sha256');
  const signedHash = createHash('sha256');
  const input = openSync(from, 'r');
  const output = openSync(to, 'w');
  const write = (bytes: Uint8Array) => {
    for (let written = 0; written < bytes.byteLength; ) written += writeSync(output, bytes, written, bytes.byteLength - written);
    signedHash.update(bytes);
  };
  try {
    const buffer = Buffer.allocUnsafe(CHUNK);
    const boxEnd = kept.box.offset + kept.box.size;
    for (let position = 0; ; ) {
      const count = readSync(input, buffer, 0, CHUNK, position);
      if (count === 0) break;
      const chunk = buffer.subarray(0, count);
      assetHash.update(chunk);
      if (kept.dropped) write(chunk.subarray(0, Math.max(0, Math.min(count, kept.box.offset - position))));
      else write(position + count <= kept.box.offset || position >= boxEnd ? chunk : freedChunk(chunk, position, kept.box));
      position += count;
    }
    write(tail);
  } finally {
    closeSync(input);
    closeSync(output);
  }
  return { assetHash: assetHash.digest('hex'), signedAssetHash: signedHash.digest('hex') };
}

/** A chunk read at `position` with the part of `box` it holds turned into a zeroed free box. */
function freedChunk(chunk: Uint8Array, position: number, box: { offset: number; size: number }): Uint8Array {
  const patched = Buffer.from(chunk);
  const FREE = Buffer.from('free', 'latin1');
  for (let at = Math.max(position, box.offset + 4); at < Math.min(position + chunk.byteLength, box.offset + box.size); at += 1) {
    patched[at - position] = at < box.offset + 8 ? FREE[at - box.offset - 4]! : 0;
  }
  return patched;
}
