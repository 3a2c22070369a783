/**
 * `provenance trust show`: the trust lists in force, with their tier, source and anchor count.
 * `provenance trust update`: fetches the official C2PA lists and the URL lists of TRUST_LISTS through
 * the safe fetcher and saves them under DATA_DIR/trust-lists, where later commands (and a server on
 * the same DATA_DIR) find them; a list that fails keeps its last good copy.
 */
import { parseArgs } from 'node:util';
import { checkTrustListText, officialLists, saveList, type RefreshableList } from '../trust/saved-lists.ts';
import { isUrl } from '../trust/trust-list-setting.ts';
import type { TrustStore } from '../trust/trust-store.ts';
import { listSpecs, loadTrust, TRUST_HELP, TRUST_OPTIONS, trustListsDir, type TrustFlags } from './cli-config.ts';
import { createCliFetcher, fetchOrExplain } from './cli-fetcher.ts';
import { CliError } from './usage-error.ts';

export const TRUST_COMMAND_HELP = `Usage: provenance trust show|update [options]

show    lists the trust lists a verification would use, with each list's tier (conformant: the
        C2PA trust list; legacy; custom; gateway: this gateway's own root) and how many anchors
        it holds
update  fetches the official C2PA trust list and TSA trust list from their published URLs, and
        the lists of TRUST_LISTS / --trust-list given by URL, through the safe fetcher, and saves
        each under DATA_DIR/trust-lists; a list that cannot be fetched, or holds no certificate,
        keeps its last good copy (exit 1). Without a saved copy the bundled lists are used.

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

/** Fetches and saves every refreshable list; each failure is said, and the others still saved. */
async function update(flags: TrustFlags): Promise<void> {
  const targets: RefreshableList[] = [
    ...(flags['no-bundled-lists'] ? [] : officialLists()),
    ...listSpecs(flags['trust-list'] ?? [])
      .filter((spec) => isUrl(spec.location))
      .map((spec): RefreshableList => ({ name: spec.name, tier: spec.tier, purpose: 'signers', url: spec.location })),
  ];
  if (targets.length === 0) throw new CliError('nothing to update: no official lists (--no-bundled-lists) and no trust list given by URL');
  const dir = trustListsDir(flags['data-dir']);
  const fetcher = createCliFetcher();
  let failed = 0;
  for (const target of targets) {
    try {
      const pem = new TextDecoder().decode((await fetchOrExplain(fetcher, target.url, `Cannot fetch ${target.url}`)).bytes);
      const anchors = checkTrustListText(pem);
      await saveList(dir, { name: target.name, source: target.url, pem, retrievedAt: new Date().toISOString() });
      process.stdout.write(`${target.name}: ${anchors} anchors from ${target.url}\n`);
    } catch (error) {
      failed += 1;
      process.stderr.write(`${target.name}: not updated, the last good copy is kept: ${(error as Error).message}\n`);
    }
  }
  process.stdout.write(`Saved in ${dir}\n`);
  if (failed > 0) throw new CliError(`${failed} of ${targets.length} trust lists could not be updated`, 1);
}

export async function runTrust(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...TRUST_OPTIONS, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(TRUST_COMMAND_HELP);
    return;
  }
  if (positionals.length !== 1 || (positionals[0] !== 'show' && positionals[0] !== 'update')) throw new CliError('trust takes one subcommand: show or update (see provenance trust --help)');
  if (positionals[0] === 'update') return update(values);
  const { trust } = await loadTrust(values);
  process.stdout.write(values.json ? `${JSON.stringify({ lists: trust.lists }, null, 2)}\n` : describe(trust));
}
