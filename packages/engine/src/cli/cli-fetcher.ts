/**
 * The CLI's only way to the network: the server's safe fetcher, with FETCH_ALLOW_HOSTS read as the
 * server reads it, for the asset URL and for a remote manifest alike. It runs in the CLI's own
 * process; the engine itself never fetches (c2pa/network-guard.ts).
 */
import { AllowHostError, createSafeFetcher, createSafeStreamFetcher, parseAllowHosts, SafeFetchError, type FetchedAsset, type SafeFetch, type SafeStreamFetch } from '@provenance/safe-fetch';
import { CliError } from './usage-error.ts';

/** The server's defaults (MAX_ASSET_BYTES, its fetch time limit), so a URL the API takes the CLI takes too. */
const MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export const FETCH_HELP = `Environment:
  FETCH_ALLOW_HOSTS     hosts that may be fetched although they are not public, comma-separated:
                        host, address, host:port or [IPv6]:port (e.g. 127.0.0.1,assets.internal:9000)

URLs, and manifests a file keeps at a URL, are fetched as the server fetches them: http(s) only,
public addresses only unless listed in FETCH_ALLOW_HOSTS, every redirect checked, 30 s and 100 MB
at most.
`;

/** A malformed FETCH_ALLOW_HOSTS stops the command naming the entry, as it stops the server. */
function cliAllowHosts(env: NodeJS.ProcessEnv): string[] {
  try {
    return parseAllowHosts(env['FETCH_ALLOW_HOSTS']);
  } catch (error) {
    if (error instanceof AllowHostError) throw new CliError(`FETCH_ALLOW_HOSTS: ${error.message}`);
    throw error;
  }
}

export function createCliFetcher(env: NodeJS.ProcessEnv = process.env, limits: { maxBytes: number; timeoutMs: number } = { maxBytes: MAX_BYTES, timeoutMs: TIMEOUT_MS }): SafeFetch {
  return createSafeFetcher({ allowHosts: cliAllowHosts(env), ...limits });
}

/** The server's limits for an asset by URL streamed to disk (MAX_VIDEO_BYTES, 10 minutes, 30 s idle). */
export const STREAM_LIMITS = { maxBytes: 4 * 1024 * 1024 * 1024, timeoutMs: 10 * 60_000, idleTimeoutMs: 30_000 };

/** The streaming mode of the same fetcher: a body written to disk as it arrives (url-download.ts). */
export function createCliStreamFetcher(env: NodeJS.ProcessEnv = process.env, limits = STREAM_LIMITS): SafeStreamFetch {
  return createSafeStreamFetcher({ allowHosts: cliAllowHosts(env), ...limits });
}

/** One line saying why a fetch failed (`what` names what was being fetched); other errors pass as they are. */
export function explainFetchFailure(error: unknown, what: string): unknown {
  if (!(error instanceof SafeFetchError)) return error;
  // On the user's own machine, a refused internal host is usually one they meant to reach.
  const hint = error.reason === 'address' ? ' (list the host in FETCH_ALLOW_HOSTS to allow it)' : '';
  return new CliError(`${what}: ${error.message}${hint}`, 1);
}

/** The fetch, or one line saying why not (`what` names what was being fetched). */
export async function fetchOrExplain(fetcher: SafeFetch, url: string, what: string): Promise<FetchedAsset> {
  try {
    return await fetcher(url);
  } catch (error) {
    throw explainFetchFailure(error, what);
  }
}
