/**
 * The `provenance` command-line tool: sign and verify local files or URLs with the engine, and
 * manage the local PKI. Exit 0 for any verdict; 2 for bad usage, 1 for an unreadable input.
 */
import { ProvenanceError } from '../errors.ts';
import { ENGINE_VERSION } from '../version.ts';
import { PKI_HELP, runPki } from './pki-command.ts';
import { SIGN_HELP, runSign } from './sign-command.ts';
import { SIGNER_HELP, runSigner } from './signer-serve-command.ts';
import { TIMESTAMP_HELP, runTimestamp } from './timestamp-command.ts';
import { TRUST_COMMAND_HELP, runTrust } from './trust-command.ts';
import { CliError } from './usage-error.ts';
import { VERIFY_HELP, runVerify } from './verify-command.ts';

const HELP = `provenance ${ENGINE_VERSION}: sign and verify C2PA Content Credentials

Usage:
  provenance sign <file-or-url> -o <out> [--creator NAME] [--license L] [--ai] [--title T] [--json]
  provenance timestamp <file> --tsa URL -o <out>
  provenance verify <file-or-url> [--trust-list NAME=URL-OR-FILE]... [--no-bundled-lists] [--json]
  provenance trust show|update
  provenance pki init|show
  provenance signer serve --key FILE --chain FILE --secret S [--port P]

Run provenance <command> --help for the options of each command. URLs and remote manifests are
fetched through the safe fetcher, which reaches non-public hosts only when FETCH_ALLOW_HOSTS lists them.
`;

const COMMANDS: Record<string, { run: (args: string[]) => Promise<void>; help: string }> = {
  sign: { run: runSign, help: SIGN_HELP },
  timestamp: { run: runTimestamp, help: TIMESTAMP_HELP },
  verify: { run: runVerify, help: VERIFY_HELP },
  pki: { run: runPki, help: PKI_HELP },
  trust: { run: runTrust, help: TRUST_COMMAND_HELP },
  signer: { run: runSigner, help: SIGNER_HELP },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(HELP);
    return name ? 0 : 2;
  }
  if (name === '--version') {
    process.stdout.write(`${ENGINE_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`provenance: unknown command '${name}' (try provenance --help)\n`);
    return 2;
  }
  try {
    await command.run(rest);
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`provenance ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    if (error instanceof ProvenanceError) {
      process.stderr.write(`provenance ${name}: ${error.message}\n`);
      return 1;
    }
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`provenance ${name}: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`provenance ${name}: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
