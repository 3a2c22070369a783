/**
 * Where the CLI finds its data (the local PKI under DATA_DIR/pki) and which trust anchors it uses:
 * the same environment variables as the server, overridable by flags.
 */
import { join, resolve } from 'node:path';
import { readLocalPki } from '../pki/local-pki.ts';
import { loadTrust as loadTrustSources, TrustAnchorFileError } from '../trust/load-trust.ts';
import type { TrustStore } from '../trust/trust-store.ts';
import { CliError } from './usage-error.ts';

export function pkiDir(dataDir: string | undefined): string {
  return join(resolve(dataDir ?? process.env['DATA_DIR'] ?? './data'), 'pki');
}

/** The anchors of --trust-anchors and TRUST_ANCHORS, plus the local root unless --no-local-root. */
export async function loadTrust(options: { dataDir?: string; anchorFiles: string[]; localRoot: boolean }): Promise<{ trust: TrustStore }> {
  const anchorFiles = [...options.anchorFiles, ...(process.env['TRUST_ANCHORS'] ?? '').split(',').map((file) => file.trim()).filter(Boolean)];
  const pki = options.localRoot ? await readLocalPki(pkiDir(options.dataDir)) : null;
  try {
    const { trust } = await loadTrustSources({ anchorFiles, localRootPem: pki?.rootCertificatePem ?? null });
    return { trust };
  } catch (error) {
    if (error instanceof TrustAnchorFileError && error.reason === 'unreadable') throw new CliError(error.message, 1);
    throw new CliError('A trust anchor file holds something that is not a certificate', 1);
  }
}
