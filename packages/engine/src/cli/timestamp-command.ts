/**
 * `provenance timestamp <file> --tsa URL -o <out>`: adds a trusted timestamp to a file already
 * signed without one, in a C2PA update manifest (manifest/timestamp-update.ts): the content is not
 * touched, and the signature keeps validating once its certificate has expired. The update manifest
 * is signed by the signer `provenance sign` would use (the same flags), and timestamped too. A large
 * video (or any BMFF file with --stream) is timestamped from disk into the output, never read whole
 * (manifest/timestamp-from-disk.ts), as `provenance sign` signs one.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BMFF_MIME_TYPES } from '../hard-binding/bmff-hard-binding.ts';
import { SIGN_FROM_DISK_BYTES } from '../io/sign-file.ts';
import { addTimestampFromDisk } from '../manifest/timestamp-from-disk.ts';
import { addTimestamp, type DiskTimestampResult } from '../manifest/timestamp-update.ts';
import { createCliFetcher, FETCH_HELP } from './cli-fetcher.ts';
import { openInputFile } from './read-input.ts';
import { chooseSigner, SIGNER_FLAGS } from './sign-command.ts';
import { cliTimestamper, timestampAuthorityUrl, TSA_ENV_HELP } from './tsa-setting.ts';
import { CliError } from './usage-error.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { Timestamper } from '../signer/rfc3161-timestamper.ts';

export const TIMESTAMP_HELP = `Usage: provenance timestamp <file> --tsa URL -o <out> [options]

Adds a trusted timestamp to a file signed without one: a C2PA update manifest carrying a
c2pa.time-stamp assertion over the file's claim signature, the content untouched. Once the signing
certificate has expired, validators still accept the signature as made before the stamped time.

Options:
  -o, --output FILE        where to write the timestamped copy (required)
      --stream             timestamp from disk in constant memory, the new manifest store appended
                           (MP4, MOV, M4A, HEIC, HEIF, AVIF; the default for such files of 256 MB
                           or more)
      --tsa URL            the RFC 3161 time-stamping authority (asked through the safe fetcher;
                           default: $TSA_URL)
      --key FILE           PKCS#8 private key PEM that signs the update manifest (default: the local
                           PKI's signer)
      --chain FILE         certificate chain PEM, signer first (with --key)
      --alg ALG            the key's algorithm (default: from the key; required with --remote-signer)
      --remote-signer URL  sign the update manifest through a remote signing service
      --remote-secret S    its shared secret (or PROVENANCE_SIGNER_SECRET)
      --data-dir DIR       where the local PKI lives (default: $DATA_DIR or ./data)
      --json               print the result as JSON

${FETCH_HELP}${TSA_ENV_HELP}`;

export async function runTimestamp(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      tsa: { type: 'string' },
      stream: { type: 'boolean' },
      ...SIGNER_FLAGS,
    },
  });
  if (values.help) {
    process.stdout.write(TIMESTAMP_HELP);
    return;
  }
  if (positionals.length !== 1) throw new CliError('timestamp takes exactly one signed file (see provenance timestamp --help)');
  if (!values.output) throw new CliError('timestamp needs -o <out> (see provenance timestamp --help)');
  const url = timestampAuthorityUrl(values.tsa);
  if (!url) throw new CliError('timestamp needs a time-stamping authority: --tsa URL (or TSA_URL), not off');
  const fetcher = createCliFetcher();
  const timestamper = cliTimestamper(url, fetcher)!;

  const path = positionals[0]!;
  const file = await openInputFile(path);
  const size = file.source.size;
  file.source.close();
  // A large video (or any BMFF file with --stream) is timestamped from disk, never read whole.
  const fromDisk = BMFF_MIME_TYPES.has(file.mime) && (values.stream || size >= SIGN_FROM_DISK_BYTES);
  if (values.stream && !fromDisk) throw new CliError(`--stream timestamps MP4, MOV, M4A, HEIC, HEIF and AVIF files; ${file.name} is ${file.mime}`);
  // The copy is written as the file is read: it cannot be the file itself.
  if (fromDisk && resolve(values.output) === resolve(path)) throw new CliError('timestamp from disk writes a copy: -o must name another file than the input');
  const { signer, note } = await chooseSigner(values, fetcher);
  if (note && !values.json) process.stderr.write(`${note}\n`);
  const result: Omit<DiskTimestampResult, 'assetHash' | 'signedAssetHash'> = fromDisk
    ? await addTimestampFromDisk(path, values.output, file.mime, signer, timestamper)
    : await timestampInMemory(path, values.output, file.mime, signer, timestamper);
  const added = result.signedBytes - result.originalBytes;
  const summary = {
    success: true,
    output: values.output,
    manifestId: result.manifestId,
    timestampedManifest: result.timestampedManifest,
    mime: result.mime,
    bytes: { original: result.originalBytes, timestamped: result.signedBytes, added },
  };
  process.stdout.write(
    values.json
      ? `${JSON.stringify(summary, null, 2)}\n`
      : `Timestamped ${values.output}${fromDisk ? ' (from disk: manifest store appended)' : ''}\n  manifest  ${result.timestampedManifest} (timestamped)\n  update    ${result.manifestId}\n  format    ${result.mime}\n  added     ${added} bytes\n`,
  );
}

/** A file read whole and timestamped in memory (manifest/timestamp-update.ts), written to `output`. */
async function timestampInMemory(path: string, output: string, mime: string, signer: ClaimSigner, timestamper: Timestamper): Promise<Omit<DiskTimestampResult, 'assetHash' | 'signedAssetHash'>> {
  const bytes = new Uint8Array(await readFile(path));
  const { signedBytes, ...result } = await addTimestamp(bytes, mime, signer, timestamper);
  await writeFile(output, signedBytes);
  return { ...result, originalBytes: bytes.byteLength, signedBytes: signedBytes.byteLength };
}
