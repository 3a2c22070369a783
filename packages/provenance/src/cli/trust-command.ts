/** `provenance trust show`: the trust lists in force, with their tier, source and anchor count. */
import { parseArgs } from 'node:util';
import type { TrustStore } from '../trust/trust-store.ts';
import { loadTrust, TRUST_HELP, TRUST_OPTIONS } from './cli-config.ts';
import { CliError } from './usage-error.ts';

export const TRUST_COMMAND_HELP = `Usage: provenance trust show [options]

Lists the trust lists a verification would use, with each list's tier (conformant: the C2PA trust
list; legacy; custom; gateway: this gateway's own root) and how many anchors it holds.

Options:
      --json                print the lists as JSON

${TRUST_HELP}`;

const TIER_MEANING: Record<string, string> = {
  conformant: 'conformant: the C2PA conformance program',
  legacy: 'legacy: trusted, labelled Legacy',
  custom: 'custom: configured here',
  gateway: 'gateway: this gateway’s own root',
};

function describe(trust: TrustStore): string {
  if (trust.lists.length === 0) return 'No trust lists: every signer is on no list (verdicts are at most partial).\n';
  const lines = trust.lists.map((list) => {
    const role = list.purpose === 'timestamps' ? ', time-stamping authorities only' : '';
    return `${list.name}\n  tier      ${TIER_MEANING[list.tier]}${role}\n  anchors   ${list.anchors}${list.source ? `\n  source    ${list.source}` : ''}`;
  });
  return `${lines.join('\n')}\n`;
}

export async function runTrust(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...TRUST_OPTIONS, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(TRUST_COMMAND_HELP);
    return;
  }
  if (positionals.length !== 1 || positionals[0] !== 'show') throw new CliError('trust takes one subcommand: show (see provenance trust --help)');
  const { trust } = await loadTrust(values);
  process.stdout.write(values.json ? `${JSON.stringify({ lists: trust.lists }, null, 2)}\n` : describe(trust));
}
