/**
 * Adding a trusted timestamp (timestamp-update.ts) to a large MP4, MOV, M4A, HEIC, HEIF or AVIF file
 * on disk, written into another file, in constant memory: c2pa-wasm's update intent would read the
 * file whole to record it as its own parent ingredient and give it back whole from WebAssembly memory.
 *
 * As when a signed video is signed again from disk (io/keep-parent.ts), the file's credentials are
 * read natively as the file streams (with the validation results c2pa-rs records for a parent) and
 * given to the builder by their manifest store alone; the builder signs the update manifest over a
 * stand-in (the file's ftyp) without embedding it, and the file is copied with its old C2PA box
 * dropped (or freed, when not its last box) and the new store appended as a C2PA box. The content's
 * BMFF hash, made by the timestamped manifest, excludes both boxes, so it still matches; a freed box
 * only when that hash leaves out `free` boxes (c2pa-rs's default exclusions since v3, not those of
 * every earlier file): otherwise the media would have to move, as c2pa-rs moves it in memory, and
 * the file is refused here.
 */
import { randomUUID } from 'node:crypto';
import { readBmffTree } from '../containers/bmff-boxes.ts';
import { SigningError, UnsupportedFormatError } from '../errors.ts';
import { findFormat } from '../formats.ts';
import { BMFF_MIME_TYPES } from '../hard-binding/bmff-hard-binding.ts';
import { readBmffHash } from '../hard-binding/bmff-hash.ts';
import { withFileSource } from '../io/file-source.ts';
import { copyReplacingParent, parentInFile } from '../io/keep-parent.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { Timestamper } from '../signer/rfc3161-timestamper.ts';
import { c2paManifestBox } from '../sign-source.ts';
import { PARENT_INGREDIENT_LABEL } from './signing-metadata.ts';
import { NothingToTimestampError, signUpdateManifest, timestampTargetIn, type DiskTimestampResult, type TimestampUpdateOptions } from './timestamp-update.ts';

/** The builder's resource ID of the file's manifest store. */
const PARENT_STORE_ID = 'timestamped-manifest-store.c2pa';

/** The labels a file-level BMFF hash assertion may have, newest first. */
const BMFF_HASH_LABELS = ['c2pa.hash.bmff.v3', 'c2pa.hash.bmff.v2', 'c2pa.hash.bmff'];

/** Whether manifest `label`'s BMFF hash leaves out every `free` box whole, so its C2PA box may become one. */
function hashLeavesOutFreeBoxes(store: Uint8Array, label: string): boolean {
  const assertion = BMFF_HASH_LABELS.map((name) => readBmffHash(store, label, name)).find((found) => found !== null);
  return Boolean(
    assertion?.exclusions.some(
      (exclusion) => exclusion.xpath === '/free' && [exclusion.length, exclusion.data, exclusion.subset, exclusion.version, exclusion.flags].every((condition) => condition === undefined),
    ),
  );
}

/**
 * Timestamps the file at `path` into `output` (timestamp-update.ts addTimestamp, for a file on
 * disk). The timestamper is asked twice, as there: for the file's claim signature and the update
 * manifest's own.
 */
export async function addTimestampFromDisk(
  path: string,
  output: string | undefined,
  mimeType: string,
  signer: ClaimSigner,
  timestamper: Timestamper,
  options: TimestampUpdateOptions = {},
): Promise<DiskTimestampResult> {
  if (!output) throw new SigningError('A file on disk is timestamped into another file: give the output path.');
  const format = findFormat(mimeType);
  if (!format || !BMFF_MIME_TYPES.has(format.mime)) throw new UnsupportedFormatError(mimeType, 'only ISO BMFF files (MP4, MOV, M4A, HEIC, HEIF, AVIF) are timestamped from disk');
  const mime = format.mime;
  const { signing, target, kept, size } = await withFileSource(path, async (source) => {
    const kept = await parentInFile(source, mime);
    if (!kept) throw new NothingToTimestampError('it carries no Content Credentials');
    const { store, activeManifest, validationResults } = kept.parent;
    const target = timestampTargetIn(store, activeManifest, options.now?.() ?? new Date());
    if (!kept.dropped && !hashLeavesOutFreeBoxes(store, activeManifest)) {
      throw new SigningError('The file cannot be timestamped from disk: its Content Credentials sit before its media, and the hash they bind it by would no longer match once their box is freed (timestamp it in memory, which moves the media).');
    }
    const token = await timestamper(target.signature);
    // The stand-in c2pa-wasm is given: the file's own ftyp, so the builder sees the same brand.
    const ftyp = (await readBmffTree(source))![0]!;
    const standIn = new Uint8Array(await source.read(ftyp.offset, ftyp.size));
    const title = `asset.${format.extensions[0]}`;
    const parent = {
      definition: {
        title,
        format: mime,
        instance_id: `xmp.iid:${randomUUID()}`,
        relationship: 'parentOf',
        label: PARENT_INGREDIENT_LABEL,
        active_manifest: activeManifest,
        manifest_data: { format: 'application/c2pa', identifier: PARENT_STORE_ID },
        validation_results: validationResults,
      },
      resources: { [PARENT_STORE_ID]: store },
    };
    const signing = await signUpdateManifest(mime, target, token, signer, timestamper, standIn, { ...options, parent });
    return { signing, target, kept, size: source.size };
  });
  const box = c2paManifestBox(signing.result.manifest);
  const hashes = copyReplacingParent(path, output, box, kept);
  const keptBytes = kept.dropped ? size - kept.box.size : size;
  return {
    manifestStore: signing.result.manifest,
    manifestId: signing.manifestId,
    timestampedManifest: target.label,
    mime,
    ...hashes,
    originalBytes: size,
    signedBytes: keptBytes + box.byteLength,
  };
}
