/**
 * `provenance verify <path-or-url>`: validate Content Credentials and print the verdict. A URL is
 * streamed to a temporary file (url-download.ts) and verified from disk as a local file is; a
 * manifest the file keeps at a URL is fetched here, through the safe fetcher, as the API fetches it.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { verifyWithRemoteManifest } from '../remote-manifest-step.ts';
import type { NamedIdentity, VerifyResponse } from '../report/verification-report.ts';
import { verify, type CredentialedVerification } from '../verify.ts';
import { OCSP_HELP, revocationLine, withRevocation } from './cli-revocation.ts';
import { loadTrust, TRUST_HELP, TRUST_OPTIONS } from './cli-config.ts';
import { trustLine } from './trust-line.ts';
import { crJsonReport } from '../report/crjson.ts';
import { parseValidationTime, ValidationTimeError } from '../c2pa/validation-clock.ts';
import { createCliFetcher, createCliStreamFetcher, FETCH_HELP, fetchOrExplain } from './cli-fetcher.ts';
import { httpUrl, isUrlTarget, openInputFile } from './read-input.ts';
import { withUrlDownload } from './url-download.ts';
import { CliError } from './usage-error.ts';

export const VERIFY_HELP = `Usage: provenance verify <file-or-url> [options]

Validates the asset's Content Credentials. Exits 0 for any verdict (verified, partial, invalid,
unsigned); non-zero only when the input cannot be read or the command is misused.

Options:
      --manifest FILE       the file's manifest store kept beside it (a .c2pa sidecar): the file
                            is verified against it
      --json                print the same JSON as the API's verify response
      --crjson              print c2pa-rs's crJSON report instead (with --trust-list, --tsa-list and
                            --at: what the C2PA Conformance Program asks of a validator)
      --at TIME             validate as of TIME (ISO 8601 with a zone, e.g. 2045-01-01T00:00:00Z):
                            certificates are judged valid or expired at that instant, and an
                            untimestamped signature whose certificate has expired by then is invalid.
                            Revocation is not asked then (a responder answers for now, not for TIME)
${OCSP_HELP}

A URL is streamed to a temporary file and verified from disk: an MP4, MOV or M4A may have up to
4 GiB (10 minutes, 30 s without data at most), anything else 100 MB.

${TRUST_HELP}
${FETCH_HELP}`;

/** A named actor: who, under whose credential, its own verdict (the reason when it failed) and its credential's revocation when asked. */
function actorLine(identity: NamedIdentity): string {
  const who = `${identity.name ?? 'an actor that does not name itself'}${identity.credentialIssuer ? ` (credential issued by ${identity.credentialIssuer})` : ''}`;
  const revocation = identity.revocation && identity.status !== 'revoked' ? `; credential revocation ${revocationLine(identity.revocation)}` : '';
  if (identity.status === 'trusted') return `${who}: identity confirmed${revocation}`;
  if (identity.status === 'untrusted') return `${who}: identity not confirmed, no identity trust anchor vouches for its credential${revocation}`;
  if (identity.status === 'revoked') return `${who}: identity REVOKED, its credential revoked${identity.revocation?.revokedAt ? ` at ${identity.revocation.revokedAt}` : ''}`;
  const why = identity.codes.failure.find((code) => code.code !== 'cawg.x509.credential.untrusted');
  return `${who}: identity check failed${why ? `: ${why.explanation}` : ''}${revocation}`;
}

function describe(response: VerifyResponse, name: string, noOcsp: boolean, declaredTime: boolean): string {
  const { verification, report } = response;
  // A bare VERIFIED would vouch for a certificate nobody asked about: say when revocation went unchecked.
  const revocationChecked = verification.revocation !== undefined && verification.revocation.status !== 'not_checked';
  const headline = verification.status !== 'verified' ? `Verification Failed (${verification.status.toUpperCase()})` : revocationChecked ? 'VERIFIED' : 'VERIFIED (revocation not checked)';
  // Every answer says when it was validated; the headline says so only for a declared time (--at).
  const asOf = declaredTime && verification.evidence ? ` as of ${verification.evidence.validatedAt}` : '';
  const lines = [`${name}: ${headline}${asOf}`, `  trust     ${trustLine(verification.trust)}`, `  reason    ${report.reason}`];
  if (report.manifestId) lines.push(`  manifest  ${report.manifestId}`);
  if (report.signer) {
    lines.push(`  signer    ${[report.signer.commonName, report.signer.organization].filter(Boolean).join(', ')}${report.signer.issuer ? ` (issued by ${report.signer.issuer})` : ''}${report.signer.expired ? (report.timestamp?.trusted ? ', certificate had expired at its trusted timestamp' : ', certificate expired, and no trusted timestamp shows it signed before') : ''}`);
  }
  // Named actors (CAWG identity assertions), each with its own verdict, apart from the signer's.
  for (const identity of verification.identities ?? []) lines.push(`  actor     ${actorLine(identity)}`);
  if (report.signedAt) lines.push(`  signed    ${report.signedAt}`);
  if (verification.revocation) lines.push(`  revocation ${revocationLine(verification.revocation)}`);
  else if (report.signer) lines.push(`  revocation not checked${noOcsp ? ' (--no-ocsp)' : ''}`);
  if (report.timestamp) lines.push(`  timestamp ${report.timestamp.time} by ${report.timestamp.authority ?? 'an unnamed authority'}${report.timestamp.trusted ? '' : ' (authority not on a TSA trust list)'}`);
  if (verification.credentials.creator) lines.push(`  creator   ${verification.credentials.creator}`);
  if (verification.credentials.softwareAgent) lines.push(`  software  ${verification.credentials.softwareAgent}`);
  if (report.activeManifest?.aiDisclosure) lines.push(`  AI        ${{ generated: 'generated by AI', ai_edited: 'edited with AI', captured: 'captured by a camera' }[report.activeManifest.aiDisclosure]}`);
  if (verification.credentials.editHistory.length > 0) lines.push(`  actions   ${verification.credentials.editHistory.join(' → ')}`);
  for (const { assertion, manifest } of report.activeManifest?.redactions ?? []) lines.push(`  redacted  ${assertion} from ${manifest}`);
  if (report.ingredients.length > 0) lines.push(`  ingredients ${report.ingredients.map((ingredient) => `${ingredient.title ?? 'untitled'} [${ingredient.status}]`).join(', ')}`);
  for (const failure of report.codes.failure) lines.push(`  ✗ ${failure.code}: ${failure.explanation}`);
  return `${lines.join('\n')}\n`;
}

function validationTimeOf(text: string): Date {
  try {
    return parseValidationTime(text);
  } catch (error) {
    if (error instanceof ValidationTimeError) throw new CliError(`--at: ${error.message}`);
    throw error;
  }
}

async function readManifest(path: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new CliError(`Cannot read the manifest ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, 1);
  }
}

export async function runVerify(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      ...TRUST_OPTIONS,
      manifest: { type: 'string' },
      json: { type: 'boolean' },
      crjson: { type: 'boolean' },
      at: { type: 'string' },
      'no-ocsp': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(VERIFY_HELP);
    return;
  }
  if (positionals.length !== 1) throw new CliError('verify takes exactly one file or URL (see provenance verify --help)');
  const at = values.at === undefined ? null : validationTimeOf(values.at);
  const { trust } = await loadTrust(values);
  const fetcher = createCliFetcher();
  const target = positionals[0]!;
  const fetchManifest = async (url: string) => (await fetchOrExplain(fetcher, url, `Cannot fetch the remote manifest at ${url}`)).bytes;
  let name = target;
  if (values.crjson) {
    if (values.manifest) throw new CliError('--crjson reads the file itself: leave out --manifest');
    const report = async (path: string, named?: { name: string; contentType: string | null }): Promise<string | null> => {
      const input = await openInputFile(path, named);
      input.source.close();
      return crJsonReport(new Uint8Array(await readFile(path)), input.mime, { trust, ...(at && { at }) });
    };
    const crJson = isUrlTarget(target) ? await withUrlDownload(createCliStreamFetcher(), httpUrl(target), (file) => report(file.path, file)) : await report(target);
    if (crJson === null) process.stderr.write(`provenance: ${target} carries no Content Credentials: no crJSON\n`);
    else process.stdout.write(`${crJson}\n`);
    return;
  }
  // A local file, or a URL streamed to a temporary file, is read as the engine asks: a video of any
  // size in constant memory.
  const verifyFile = async (path: string, named?: { name: string; contentType: string | null }): Promise<CredentialedVerification> => {
    const input = await openInputFile(path, named);
    name = input.name;
    try {
      const manifest = values.manifest ? await readManifest(values.manifest) : null;
      // As of --at, the clock c2pa-rs reads is pinned for the validation alone (not the download before it).
      const options = { trust, evidence: true, answer: 'credentialed' as const, ...(at && { at }) };
      if (manifest) return await verify(input.source, input.mime, { ...options, manifest });
      return await verifyWithRemoteManifest((remoteManifest) => verify(input.source, input.mime, { ...options, ...(remoteManifest && { remoteManifest }) }), fetchManifest);
    } finally {
      input.source.close();
    }
  };
  const verified = isUrlTarget(target) ? await withUrlDownload(createCliStreamFetcher(), httpUrl(target), (file) => verifyFile(file.path, file)) : await verifyFile(target);
  // As of --at, revocation was not asked (a responder answers for now): the verdict says so.
  const response = at || values['no-ocsp'] ? verified.response : await withRevocation(verified);
  process.stdout.write(values.json ? `${JSON.stringify(response, null, 2)}\n` : describe(response, name, values['no-ocsp'] === true, at !== null));
}
