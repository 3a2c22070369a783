/**
 * Large signed MP4 files on disk for the constant-memory test and the large-media bench, made
 * without holding the unsigned file in memory: its media is written in chunks, and c2pa-wasm's
 * builder reads it through a SourceBlob. The signed file c2pa-wasm returns is whole in memory
 * (its builder has no other output), which is why this runs in its own process when files are big.
 */
import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { SourceBlob } from '../hard-binding/source-read.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { withFileSource } from '../io/file-source.ts';
import { assertionsFor } from '../manifest/signing-metadata.ts';
import { toC2paSignerDefinition, type ClaimSigner } from '../signer/claim-signer.ts';
import { PRODUCT_NAME, ENGINE_VERSION } from '../version.ts';

const CHUNK = 8 * 1024 * 1024;

function box(type: string, payload: Uint8Array): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.byteLength);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** An unsigned MP4 (ftyp, moov with mvhd, one mdat of `mediaBytes` random bytes), written in chunks. */
export function writeUnsignedMp4(path: string, mediaBytes: number): void {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41')]));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].forEach((value, index) => mvhd.writeUInt32BE(value, 36 + index * 4));
  mvhd.writeUInt32BE(1, 96); // next track ID
  const moov = box('moov', box('mvhd', mvhd));
  // A 64-bit size past 4 GB; a 32-bit one otherwise.
  const large = mediaBytes + 8 > 0xffffffff;
  const mdatHeader = Buffer.alloc(large ? 16 : 8);
  if (large) {
    mdatHeader.writeUInt32BE(1);
    mdatHeader.write('mdat', 4, 'latin1');
    mdatHeader.writeBigUInt64BE(BigInt(mediaBytes + 16), 8);
  } else {
    mdatHeader.writeUInt32BE(mediaBytes + 8);
    mdatHeader.write('mdat', 4, 'latin1');
  }
  const fd = openSync(path, 'w');
  try {
    for (const part of [ftyp, moov, mdatHeader]) writeSync(fd, part);
    const chunk = Buffer.allocUnsafe(CHUNK);
    for (let written = 0; written < mediaBytes; ) {
      const length = Math.min(CHUNK, mediaBytes - written);
      randomFillSync(chunk, 0, length);
      writeSync(fd, chunk, 0, length);
      written += length;
    }
  } finally {
    closeSync(fd);
  }
}

/** Signs the MP4 at `unsignedPath` into `signedPath` with c2pa-wasm's builder reading the input from disk. */
export async function signMp4File(unsignedPath: string, signedPath: string, signer: ClaimSigner): Promise<void> {
  const { WasmBuilder } = loadC2pa();
  const definition = {
    claim_generator_info: [{ name: PRODUCT_NAME, version: ENGINE_VERSION }],
    title: 'large.mp4',
    format: 'video/mp4',
    assertions: assertionsFor({ creator: 'Ada Reporter' }, new Date().toISOString(), false),
  };
  const builder = WasmBuilder.fromJson(JSON.stringify(definition), JSON.stringify({ builder: { thumbnail: { enabled: false } } }));
  try {
    const signed = await withFileSource(unsignedPath, (source) => builder.sign(toC2paSignerDefinition(signer), [], 'video/mp4', new SourceBlob({ ...source, readSync: source.readSync!.bind(source) }) as unknown as Blob));
    const fd = openSync(signedPath, 'w');
    try {
      for (let offset = 0; offset < signed.byteLength; offset += CHUNK) writeSync(fd, signed, offset, Math.min(CHUNK, signed.byteLength - offset));
    } finally {
      closeSync(fd);
    }
  } finally {
    builder.free();
  }
}
