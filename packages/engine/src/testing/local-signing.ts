// A fresh local PKI in a temporary folder, with its claim signer and a trust store of its root: how
// most engine tests begin (sign with the one, verify as trusted with the other).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { createPemSigner, type ClaimSigner } from '../signer/claim-signer.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';

export interface LocalSigning {
  pki: LocalPki;
  signer: ClaimSigner;
  trust: TrustStore;
}

/** `prefix` names the temporary folder, so a test's files are told apart. */
export async function openLocalSigning(prefix: string): Promise<LocalSigning> {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), prefix)), 'pki'));
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  return { pki, signer, trust: createTrustStore([pki.rootCertificatePem]) };
}
