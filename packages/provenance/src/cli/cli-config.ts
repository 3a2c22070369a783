/**
 * Where the CLI finds its data (the local PKI under DATA_DIR/pki) and which trust anchors it uses:
 * the same environment variables as the server, overridable by flags.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readLocalPki } from '../pki/local-pki.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';
import { CliError } from './usage-error.ts';

export function pkiDir(dataDir: string | undefined): string {
  return join(resolve(dataDir ?? process.env['DATA_DIR'] ?? './data'), 'pki');
}

export async function loadTrust(options: { dataDir?: string; anchorFiles: string[]; localRoot: boolean }): Promise<{ trust: TrustStore; sources: string[] }> {
  const files = [...options.anchorFiles, ...(process.env['TRUST_ANCHORS'] ?? '').split(',').map((file) => file.trim()).filter(Boolean)];
  const texts: string[] = [];
  const sources: string[] = [];
  for (const file of files) {
    try {
      texts.push(await readFile(file, 'utf8'));
      sources.push(file);
    } catch {
      throw new CliError(`Cannot read trust anchors from ${file}`, 1);
    }
  }
  if (options.localRoot) {
    const pki = await readLocalPki(pkiDir(options.dataDir));
    if (pki) {
      texts.push(pki.rootCertificatePem);
      sources.push(pki.rootCertificatePath);
    }
  }
  try {
    return { trust: createTrustStore(texts), sources };
  } catch {
    throw new CliError('A trust anchor file holds something that is not a certificate', 1);
  }
}
