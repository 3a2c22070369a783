/**
 * Which time-stamping authority the CLI asks, as the server reads it: `--tsa URL` if given, else
 * `TSA_URL` from the environment; `off` (either way) means no timestamp, as in an air-gapped
 * installation. The authority is asked through the CLI's safe fetcher; the engine only builds and
 * checks the RFC 3161 messages.
 */
import type { SafeFetch } from '@provenance/safe-fetch';
import { createRfc3161Timestamper, timestampTransportOver, type Timestamper } from '../signer/rfc3161-timestamper.ts';
import { CliError } from './usage-error.ts';

export const TSA_OFF = 'off';

export const TSA_ENV_HELP = `
TSA_URL in the environment names the RFC 3161 time-stamping authority when --tsa is not given;
off means no timestamp (--tsa off says the same).
`;

/** The authority's URL, or null for no timestamp; an unusable value stops the command naming where it came from. */
export function timestampAuthorityUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | null {
  const [value, source] = flag !== undefined ? [flag, '--tsa'] : [env['TSA_URL'], 'TSA_URL'];
  const text = value?.trim();
  if (!text || text.toLowerCase() === TSA_OFF) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CliError(`${source}: "${text}" is not a URL (give an http(s) URL of an RFC 3161 time-stamping authority, or ${TSA_OFF})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`${source}: the time-stamping authority must be an http or https URL, not ${url.protocol}`);
  return text;
}

/** A timestamper asking the authority at `url` through the safe fetcher, or none for null. */
export function cliTimestamper(url: string | null, fetcher: SafeFetch): Timestamper | undefined {
  return url ? createRfc3161Timestamper(timestampTransportOver(fetcher, url)) : undefined;
}
