/**
 * `tsx large-mp4-command.ts <path> <media-bytes> [<pki-dir>]`: writes an MP4 of that size
 * (testing/large-mp4.ts), unsigned, or, with <pki-dir>, signed by c2pa-wasm's builder with the
 * local PKI under it. Run as its own process by the constant-memory test and the bench, since
 * c2pa-wasm returns the signed file whole (it cannot sign 1 GB or more; `provenance sign --stream`
 * signs any size from disk).
 */
import { rmSync } from 'node:fs';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { createPemSigner } from '../signer/claim-signer.ts';
import { signMp4File, writeUnsignedMp4 } from './large-mp4.ts';

const [path, mediaBytes, pkiDir] = process.argv.slice(2);
if (!path || !mediaBytes) throw new Error('usage: large-mp4-command.ts <path> <media-bytes> [<pki-dir>]');
if (!pkiDir) {
  writeUnsignedMp4(path, Number(mediaBytes));
} else {
  const { pki } = await ensureLocalPki(pkiDir);
  const unsigned = `${path}.unsigned`;
  writeUnsignedMp4(unsigned, Number(mediaBytes));
  try {
    await signMp4File(unsigned, path, createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }));
  } finally {
    rmSync(unsigned, { force: true });
  }
}
