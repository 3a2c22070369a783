/** `provenance pki init|show`: make or inspect the local signing PKI under DATA_DIR/pki. */
import { X509Certificate } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ensureLocalPki, readLocalPki } from '../pki/local-pki.ts';
import { pkiDir } from './cli-config.ts';
import { CliError } from './usage-error.ts';

export const PKI_HELP = `Usage: provenance pki init|show [--data-dir DIR]

  init   create the local root CA, intermediate and claim-signing certificate (never overwrites)
  show   print the certificates of the local PKI
`;

function describeCertificate(label: string, pem: string): string {
  const certificate = new X509Certificate(pem);
  return `${label}\n  subject   ${certificate.subject.replace(/\n/g, ', ')}\n  issuer    ${certificate.issuer.replace(/\n/g, ', ')}\n  valid     ${certificate.validFrom} → ${certificate.validTo}\n  sha-256   ${certificate.fingerprint256}\n`;
}

export async function runPki(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(PKI_HELP);
    return;
  }
  const dir = pkiDir(values['data-dir']);
  const action = positionals[0];
  if (action === 'init') {
    const { pki, created } = await ensureLocalPki(dir);
    process.stdout.write(`${created ? 'Created' : 'Kept the existing'} local PKI in ${dir}\nRoot certificate (add it to your trust anchors): ${pki.rootCertificatePath}\n`);
    return;
  }
  if (action === 'show') {
    const pki = await readLocalPki(dir);
    if (!pki) throw new CliError(`No local PKI in ${dir}: run provenance pki init`, 1);
    const [signer, intermediate] = pki.signerChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
    process.stdout.write(
      `${describeCertificate('Signing certificate', signer!)}${describeCertificate('Intermediate CA', intermediate!)}${describeCertificate('Root CA', pki.rootCertificatePem)}Root certificate file: ${pki.rootCertificatePath}\n`,
    );
    return;
  }
  throw new CliError(`pki takes init or show (see provenance pki --help)`);
}
