/**
 * `tsx large-mp4-command.ts <signed-path> <media-bytes> <pki-dir>`: writes a signed MP4 of that
 * size (testing/large-mp4.ts) signed by the local PKI under <pki-dir>. Run as its own process by
 * the constant-memory test and the bench, since c2pa-wasm returns the signed file whole.
 */
import { rmSync } from 'node:fs';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { createPemSigner } from '../signer/claim-signer.ts';
import { signMp4File, writeUnsignedMp4 } from './large-mp4.ts';

const [signedPath, mediaBytes, pkiDir] = process.argv.slice(2);
if (!signedPath || !mediaBytes || !pkiDir) throw new Error('usage: large-mp4-command.ts <signed-path> <media-bytes> <pki-dir>');
const { pki } = await ensureLocalPki(pkiDir);
const unsigned = `${signedPath}.unsigned`;
writeUnsignedMp4(unsigned, Number(mediaBytes));
try {
  await signMp4File(unsigned, signedPath, createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }));
} finally {
  rmSync(unsigned, { force: true });
}
