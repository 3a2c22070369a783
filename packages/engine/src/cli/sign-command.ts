/**
 * `provenance sign <in> -o <out>`: sign a file or URL with the local PKI or a given key and chain;
 * with --sidecar, a manifest over the original written beside it (<file>.c2pa), the original unchanged.
 * A URL is streamed to a temporary file first (url-download.ts) and signed as a local file is: a
 * large video from disk, in constant memory. With --identity-key and --identity-chain, the manifest
 * also names an actor: a CAWG identity assertion (`cawg.x509.cose`) signed with that credential,
 * apart from the claim signer's signature, as the server names an organisation.
 */
import { X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { rewrittenSidecarWarning, sign, type ParentCredentials } from '../sign.ts';
import type { NamedActor } from '../signer/identity-assertion.ts';
import { REDACTION_KINDS, type RedactionKind } from '../manifest/redaction.ts';
import type { ClaimSigner } from '../signer/claim-signer.ts';
import type { PostSigningRequest } from '../signer/remote-signer.ts';
import { createClaimSigner } from '../signer/signer-factory.ts';
import { SIGNING_ALGORITHMS, type SigningAlgorithm } from '../signer/algorithms.ts';
import type { Timestamper } from '../signer/rfc3161-timestamper.ts';
import { pkiDir } from './cli-config.ts';
import { createCliFetcher, createCliStreamFetcher, FETCH_HELP } from './cli-fetcher.ts';
import { httpUrl, isUrlTarget, openInputFile } from './read-input.ts';
import { withUrlDownload } from './url-download.ts';
import { SIGN_FROM_DISK_BYTES } from '../io/sign-file.ts';
import { BMFF_MIME_TYPES } from '../hard-binding/bmff-hard-binding.ts';
import type { SigningMetadata } from '../manifest/signing-metadata.ts';
import { findFormat } from '../formats.ts';
import { CliError } from './usage-error.ts';
import { cliTimestamper, timestampAuthorityUrl, TSA_ENV_HELP } from './tsa-setting.ts';

export const SIGN_HELP = `Usage: provenance sign <file-or-url> -o <out> [options]
       provenance sign <file> --sidecar [-o <out>]

Signs the asset with a C2PA manifest embedded. An asset that already carries Content Credentials
keeps them as the parent ingredient (said when those credentials are invalid).

With --sidecar nothing is embedded: the manifest binds the file as it is and is written beside it
as <file>.c2pa (verify the pair with provenance verify <file> --manifest <file>.c2pa). c2pa-rs
rewrites some files to sign them (an embedded manifest is removed; PDF and MP3 are rewritten); for
those, -o names the copy the sidecar binds, and the sidecar is <out>.c2pa.

Options:
  -o, --output FILE        where to write the signed asset (required unless --sidecar)
      --creator NAME       creator (dc:creator, CAWG metadata)
      --license L          license (default 'All Rights Reserved')
      --ai                 generative AI edited or composed the content (compositeWithTrainedAlgorithmicMedia)
      --camera             the content was captured by a camera (digitalCapture)
      --title T            manifest title (default: the file name)
      --software-agent S   software agent recorded in the actions
      --sidecar            do not embed: write the manifest over the original to <file>.c2pa
      --stream             sign from disk in constant memory, the manifest appended (MP4, MOV,
                           M4A, HEIC, HEIF, AVIF; the default for such files of 256 MB or more)
      --thumbnail          embed a thumbnail in the manifest (larger)
      --redact KINDS       re-signing a file with Content Credentials: remove from its earlier
                           manifests every assertion naming a place (location) and/or their EXIF
                           (exif), comma-separated (C2PA redaction, recorded as c2pa.redacted)
      --tsa URL            timestamp the signature at this RFC 3161 time-stamping authority (asked
                           through the safe fetcher; about 8 kB more); if it fails, nothing is signed;
                           off: no timestamp (default: $TSA_URL, else none)
      --key FILE           PKCS#8 private key PEM (default: the local PKI's signer)
      --chain FILE         certificate chain PEM, signer first (with --key)
      --alg ALG            ${SIGNING_ALGORITHMS.join(', ')} (default: from the key; required with --remote-signer)
      --remote-signer URL  sign through a remote signing service (provenance signer serve, or one
                           beside a KMS), asked through the safe fetcher; needs --chain and --alg
      --remote-secret S    its shared secret (or PROVENANCE_SIGNER_SECRET)
      --identity-key FILE  name an actor too: a CAWG identity assertion signed with this PKCS#8 key
                           (an organisation's X.509 identity credential), apart from the claim signer
      --identity-chain FILE
                           its certificate chain PEM, credential first (with --identity-key)
      --identity-role R    the actor's roles in the assertion, comma-separated (e.g. cawg.publisher)
      --data-dir DIR       where the local PKI lives (default: $DATA_DIR or ./data)
      --json               print the result as JSON

${FETCH_HELP}${TSA_ENV_HELP}`;

export interface SignerFlags {
  key?: string | undefined;
  chain?: string | undefined;
  alg?: string | undefined;
  'data-dir'?: string | undefined;
  'remote-signer'?: string | undefined;
  'remote-secret'?: string | undefined;
}

/** The flags that choose who signs (and how the answer is printed), shared by sign and timestamp. */
export const SIGNER_FLAGS = {
  key: { type: 'string' },
  chain: { type: 'string' },
  alg: { type: 'string' },
  'remote-signer': { type: 'string' },
  'remote-secret': { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

interface IdentityFlags {
  'identity-key'?: string | undefined;
  'identity-chain'?: string | undefined;
  'identity-role'?: string | undefined;
}

/** The actor --identity-key and --identity-chain name (null without them): its credential checked current, as a claim signer's is. */
async function chooseIdentity(values: IdentityFlags): Promise<NamedActor | null> {
  const keyFile = values['identity-key'];
  const chainFile = values['identity-chain'];
  if (!keyFile && !chainFile) {
    if (values['identity-role'] !== undefined) throw new CliError('--identity-role names the roles of the actor --identity-key and --identity-chain give');
    return null;
  }
  if (!keyFile || !chainFile) throw new CliError('--identity-key and --identity-chain go together');
  const [privateKeyPem, certificateChainPem] = await Promise.all(
    [keyFile, chainFile].map((file) =>
      readFile(file, 'utf8').catch((error: Error) => {
        throw new CliError(`Cannot read the identity key or chain: ${error.message}`, 1);
      }),
    ),
  );
  assertChainCurrent(certificateChainPem!, null, 'identity');
  const roles = values['identity-role']?.split(',').map((role) => role.trim()).filter(Boolean) ?? [];
  if (values['identity-role'] !== undefined && roles.length === 0) throw new CliError('--identity-role takes one or more roles, comma-separated');
  return { credential: createClaimSigner({ kind: 'key', privateKeyPem: privateKeyPem!, certificateChainPem: certificateChainPem! }), ...(roles.length > 0 && { roles }) };
}

/** The claim signer the flags name: a remote signing service, a key and chain, else the local PKI's signer. */
export async function chooseSigner(
  values: SignerFlags,
  post: PostSigningRequest,
): Promise<{ signer: ClaimSigner; note: string | null }> {
  const alg = values.alg?.toLowerCase() as SigningAlgorithm | undefined;
  if (alg && !SIGNING_ALGORITHMS.includes(alg)) throw new CliError(`--alg must be one of ${SIGNING_ALGORITHMS.join(', ')}`);
  const readText = (file: string): Promise<string> =>
    readFile(file, 'utf8').catch((error: Error) => {
      throw new CliError(`Cannot read the key or chain: ${error.message}`, 1);
    });
  if (values['remote-signer']) {
    const secret = values['remote-secret'] ?? process.env['PROVENANCE_SIGNER_SECRET'];
    if (values.key) throw new CliError('--remote-signer signs with the service\'s key: leave out --key');
    if (!values.chain || !alg || !secret) throw new CliError('--remote-signer needs --chain, --alg and --remote-secret (or PROVENANCE_SIGNER_SECRET)');
    const spec = { kind: 'remote' as const, url: values['remote-signer'], secret, certificateChainPem: await readText(values.chain), alg };
    assertChainCurrent(spec.certificateChainPem, null);
    return { signer: createClaimSigner(spec, { post }), note: null };
  }
  if (values.key || values.chain) {
    if (!values.key || !values.chain) throw new CliError('--key and --chain go together');
    const [privateKeyPem, certificateChainPem] = await Promise.all([readText(values.key), readText(values.chain)]);
    assertChainCurrent(certificateChainPem, null);
    return { signer: createClaimSigner({ kind: 'key', privateKeyPem, certificateChainPem, ...(alg && { alg }) }), note: null };
  }
  const { pki, created } = await ensureLocalPki(pkiDir(values['data-dir']));
  assertChainCurrent(pki.signerChainPem, pki.dir);
  return {
    signer: createClaimSigner({ kind: 'key', privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }),
    note: created ? `Created a local signing PKI; its root certificate is ${pki.rootCertificatePath}` : null,
  };
}

/**
 * Refuses a chain with a certificate outside its validity, saying why it matters and what to do:
 * c2pa-rs signs with it anyway, and every validator then reads the manifest invalid
 * (signingCredential.expired), so nothing should be signed.
 */
function assertChainCurrent(certificateChainPem: string, localPki: string | null, role: 'claim' | 'identity' = 'claim', now = new Date()): void {
  const blocks = certificateChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const flags = role === 'claim' ? '--key and --chain' : '--identity-key and --identity-chain';
  for (const [index, block] of blocks.entries()) {
    const certificate = new X509Certificate(block);
    const which = index === 0 ? (role === 'claim' ? 'The signing certificate' : 'The identity certificate') : `Certificate ${index + 1} of the ${role === 'claim' ? 'chain' : 'identity chain'}`;
    const remedy = localPki
      ? `The local PKI in ${localPki} has outlived it: move that folder aside and run provenance pki init to make a new one (files signed under the old root still verify against that root), or give --key and --chain of a current certificate.`
      : `Renew the certificate with its issuer, or give ${flags} of a current one.`;
    if (new Date(certificate.validTo).getTime() < now.getTime()) {
      throw new CliError(`${which} (${certificate.subject.replace(/\n/g, ', ')}) expired on ${new Date(certificate.validTo).toISOString()}: anything signed with it would read invalid (signingCredential.expired) to every validator, so nothing was signed. ${remedy}`, 1);
    }
    if (new Date(certificate.validFrom).getTime() > now.getTime()) {
      throw new CliError(`${which} (${certificate.subject.replace(/\n/g, ', ')}) is not valid until ${new Date(certificate.validFrom).toISOString()}, so nothing was signed.`, 1);
    }
  }
}

interface MetadataFlags {
  title?: string | undefined;
  creator?: string | undefined;
  license?: string | undefined;
  ai?: boolean | undefined;
  camera?: boolean | undefined;
  'software-agent'?: string | undefined;
}

function metadataOf(values: MetadataFlags, name: string): SigningMetadata {
  return {
    title: values.title ?? name,
    ...(values.creator && { creator: values.creator }),
    license: values.license ?? 'All Rights Reserved',
    aiAssisted: values.ai ?? false,
    capturedWithCamera: values.camera ?? false,
    ...(values['software-agent'] && { softwareAgent: values['software-agent'] }),
  };
}

/** The warning for an input whose own Content Credentials were invalid; null when they were not. */
function invalidParentWarning(parent: ParentCredentials | null): string | null {
  return parent?.status === 'invalid' ? `The input's own Content Credentials are invalid (${parent.reason ?? 'c2pa-rs found them invalid'}); the new manifest records that.` : null;
}

export async function runSign(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      output: { type: 'string', short: 'o' },
      creator: { type: 'string' },
      license: { type: 'string' },
      ai: { type: 'boolean' },
      camera: { type: 'boolean' },
      title: { type: 'string' },
      'software-agent': { type: 'string' },
      sidecar: { type: 'boolean' },
      stream: { type: 'boolean' },
      thumbnail: { type: 'boolean' },
      redact: { type: 'string' },
      tsa: { type: 'string' },
      'identity-key': { type: 'string' },
      'identity-chain': { type: 'string' },
      'identity-role': { type: 'string' },
      ...SIGNER_FLAGS,
    },
  });
  if (values.help) {
    process.stdout.write(SIGN_HELP);
    return;
  }
  if (positionals.length !== 1) throw new CliError('sign takes exactly one input file or URL (see provenance sign --help)');
  if (!values.output && !values.sidecar) throw new CliError('sign needs -o <out> (see provenance sign --help)');
  // A sidecar sits beside the file it binds; a URL's file is nowhere on disk until -o puts it there.
  if (!values.output && isUrlTarget(positionals[0]!)) throw new CliError('sign --sidecar of a URL needs -o <out> for the file the sidecar binds');
  const redact = redactionKindsOf(values.redact);
  const fetcher = createCliFetcher();
  // The authority is reached through the same safe fetcher as any URL; the engine only builds and checks the messages.
  const timestamper = cliTimestamper(timestampAuthorityUrl(values.tsa), fetcher);
  const target = positionals[0]!;
  const signPath = (path: string, named?: { name: string; contentType: string | null }) => signFile({ ...values, redact }, path, named, fetcher, timestamper);
  await (isUrlTarget(target) ? withUrlDownload(createCliStreamFetcher(), httpUrl(target), (file) => signPath(file.path, file)) : signPath(target));
}

type SignValues = MetadataFlags &
  SignerFlags &
  IdentityFlags & { output?: string | undefined; sidecar?: boolean | undefined; stream?: boolean | undefined; thumbnail?: boolean | undefined; json?: boolean | undefined; redact: RedactionKind[] };

/** --redact's kinds, checked. */
function redactionKindsOf(text: string | undefined): RedactionKind[] {
  if (text === undefined) return [];
  const kinds = text.split(',').map((kind) => kind.trim()).filter(Boolean);
  const unknown = kinds.filter((kind) => !(REDACTION_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0 || kinds.length === 0) throw new CliError(`--redact takes ${REDACTION_KINDS.join(' and ')}, comma-separated${unknown.length > 0 ? ` (not ${unknown.join(', ')})` : ''}`);
  return [...new Set(kinds)] as RedactionKind[];
}

/** Signs the file at `path` (named as the URL it came from, for a download), as runSign's flags say. */
async function signFile(values: SignValues, path: string, named: { name: string; contentType: string | null } | undefined, post: PostSigningRequest, timestamper: Timestamper | undefined): Promise<void> {
  const file = await openInputFile(path, named);
  const { mime, name } = file;
  const size = file.source.size;
  file.source.close();
  if (values.output && !values.sidecar) {
    // A large video (or any BMFF file with --stream) is signed from disk in constant memory.
    // Signing from disk keeps earlier credentials whole: a redaction is signed in memory.
    const fromDisk = BMFF_MIME_TYPES.has(mime) && (values.stream || size >= SIGN_FROM_DISK_BYTES) && values.redact.length === 0;
    if (values.stream && values.redact.length > 0) throw new CliError('--stream keeps the earlier credentials whole: leave it out to --redact (the file is then signed in memory)');
    if (values.stream && !fromDisk) throw new CliError(`--stream signs MP4, MOV, M4A, HEIC, HEIF and AVIF files; ${name} is ${mime}`);
    if (fromDisk) {
      const { signer, note } = await chooseSigner(values, post);
      const identity = await chooseIdentity(values);
      if (note && !values.json) process.stderr.write(`${note}\n`);
      const signed = await sign({ path }, mime, metadataOf(values, name), { signer, timestamper, output: values.output, ...(identity && { identity }) });
      // Credentials the file carried are its parent ingredient here too (io/keep-parent.ts).
      const parentWarning = invalidParentWarning(signed.parentCredentials);
      if (parentWarning && !values.json) process.stderr.write(`Warning: ${parentWarning}\n`);
      const overhead = signed.signedBytes - signed.originalBytes;
      const summary = {
        success: true,
        manifestId: signed.manifestId,
        signedManifest: { assetHash: signed.assetHash, timestamp: signed.signedAt },
        output: values.output,
        sidecar: null,
        originalUnchanged: false,
        parentCredentials: signed.parentCredentials,
        warnings: parentWarning ? [parentWarning] : [],
        mime: signed.mime,
        bytes: { original: signed.originalBytes, signed: signed.signedBytes, overhead, overheadPercent: Number(((overhead / signed.originalBytes) * 100).toFixed(3)) },
      };
      process.stdout.write(
        values.json
          ? `${JSON.stringify(summary, null, 2)}\n`
          : `Signed ${values.output} (from disk: manifest appended)\n  manifest  ${signed.manifestId}\n  format    ${signed.mime}\n  sha-256   ${signed.assetHash} (original)\n  overhead  ${overhead} bytes (${summary.bytes.overheadPercent}%)\n`,
      );
      return;
    }
  }
  const input = { bytes: new Uint8Array(await readFile(path)), mime, name };
  const { signer, note } = await chooseSigner(values, post);
  const identity = await chooseIdentity(values);
  if (note && !values.json) process.stderr.write(`${note}\n`);
  // An image's ISCC soft binding, as the server writes it, so a stripped copy can be matched to it.
  // Loaded only for images: decoding pixels needs sharp.
  const softBinding = findFormat(input.mime)?.kind === 'image' ? await (await import('../soft-binding/image-soft-binding.ts')).imageSoftBinding(input.bytes) : null;
  const result = await sign(
    input.bytes,
    input.mime,
    metadataOf(values, input.name),
    { signer, thumbnail: values.thumbnail ?? false, sidecar: values.sidecar ?? false, ...(timestamper && { timestamper }), ...(values.redact.length > 0 && { redact: values.redact }), ...(softBinding && { softBinding }), ...(identity && { identity }) },
  );
  if (!values.output && !result.assetUnchanged) {
    throw new CliError(`c2pa-rs had to rewrite ${input.name} to sign it without embedding (it removes an embedded manifest, and rewrites PDF and MP3 files), so a sidecar cannot bind the original: give -o <out> for the copy it binds`, 1);
  }
  // The asset the sidecar binds: the original itself, left as it is, unless -o names a copy.
  const output = values.output ?? path;
  if (values.output) await writeFile(values.output, result.signedBytes);
  const sidecar = values.sidecar ? `${output}.c2pa` : null;
  if (sidecar) await writeFile(sidecar, result.manifestStore);
  const warnings = [invalidParentWarning(result.parentCredentials), values.sidecar && !result.assetUnchanged ? rewrittenSidecarWarning(result.mime) : null].filter((warning): warning is string => warning !== null);
  if (!values.json) for (const warning of warnings) process.stderr.write(`Warning: ${warning}\n`);
  const overhead = result.signedBytes.byteLength - input.bytes.byteLength;
  const summary = {
    success: true,
    manifestId: result.manifestId,
    signedManifest: { assetHash: result.assetHash, timestamp: result.signedAt },
    output,
    sidecar,
    originalUnchanged: result.assetUnchanged,
    parentCredentials: result.parentCredentials,
    redacted: result.redacted.map(({ manifest, assertion }) => ({ manifest, assertion })),
    warnings,
    mime: result.mime,
    bytes: { original: input.bytes.byteLength, signed: result.signedBytes.byteLength, overhead, overheadPercent: Number(((overhead / input.bytes.byteLength) * 100).toFixed(3)) },
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return;
  }
  process.stdout.write(
    `Signed ${output}${values.sidecar ? ' (manifest not embedded)' : ''}\n  manifest  ${result.manifestId}\n  format    ${result.mime}\n  sha-256   ${result.assetHash} (original)\n  overhead  ${overhead} bytes (${summary.bytes.overheadPercent}%)\n${sidecar ? `  sidecar   ${sidecar}\n` : ''}${result.redacted.map(({ manifest, assertion }) => `  redacted  ${assertion} from ${manifest}\n`).join('')}`,
  );
}
