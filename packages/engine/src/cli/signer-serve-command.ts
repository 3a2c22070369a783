/**
 * `provenance signer serve --key key.pem --chain chain.pem --secret S --port P`: the reference
 * remote signing service (signer/signing-service.ts), run until interrupted. The gateway's remote
 * identities and `provenance sign --remote-signer` ask it to sign; a KMS or HSM integration
 * replaces its key with a call to the KMS.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startSigningService } from '../signer/signing-service.ts';
import { CliError } from './usage-error.ts';

export const SIGNER_HELP = `Usage: provenance signer serve --key FILE --chain FILE --secret S [--port P] [--host H]

Runs the reference remote signing service: it signs what an authenticated request sends (HMAC-SHA256
of the request with the shared secret, see the remote signing protocol in the API's OpenAPI
document) with the key, and refuses anything else.

Options:
  --key FILE      PKCS#8 private key PEM (ES256/384/512, PS256 or Ed25519)
  --chain FILE    certificate chain PEM, the key's certificate first
  --secret S      the shared secret (16 characters at least; or PROVENANCE_SIGNER_SECRET)
  --port P        port to listen on (default 8788)
  --host H        address to listen on (default 127.0.0.1)
`;

export async function runSigner(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(SIGNER_HELP);
    return;
  }
  if (sub !== 'serve') throw new CliError('signer takes the subcommand serve (see provenance signer --help)');
  const { values } = parseArgs({
    args: rest,
    options: { key: { type: 'string' }, chain: { type: 'string' }, secret: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(SIGNER_HELP);
    return;
  }
  const secret = values.secret ?? process.env['PROVENANCE_SIGNER_SECRET'];
  if (!values.key || !values.chain || !secret) throw new CliError('signer serve needs --key, --chain and --secret (or PROVENANCE_SIGNER_SECRET)');
  const port = Number(values.port ?? 8788);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new CliError('--port must be a port number');
  const [privateKeyPem, certificateChainPem] = await Promise.all([readFile(values.key, 'utf8'), readFile(values.chain, 'utf8')]).catch((error: Error) => {
    throw new CliError(`Cannot read the key or chain: ${error.message}`, 1);
  });
  const service = await startSigningService({ privateKeyPem, certificateChainPem, secret, port, ...(values.host && { host: values.host }) });
  process.stdout.write(`Signing service listening on ${service.url} (key id ${service.keyId})\n`);
  await new Promise<void>((stopped) => {
    const stop = () => void service.close().then(stopped);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
