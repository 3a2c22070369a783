// Where one hop of a fetch may go: the URL parsed and held to http(s) without credentials, its host
// resolved and every address checked against the address policy and the allow-list, the address
// the connection is then pinned to chosen.
import ipaddr from 'ipaddr.js';
import { checkAddress } from './address-policy.ts';
import { allowedForPort, type AllowedHost } from './allow-hosts.ts';
import { SafeFetchError, type SafeFetchOptions } from './fetch-types.ts';

/** The address a hop's connection is pinned to. */
export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

/** `base`: the URL a redirect's Location is relative to (the asset server's, not the user's, mistake). */
export function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('url', base ? 422 : 400, base ? 'The asset server redirected to an invalid URL' : 'The asset URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('scheme', 400, `Only http and https URLs are fetched, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw new SafeFetchError('url', 400, 'URLs with credentials are not fetched');
  return url;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * Resolve the host and pick an address every rule allows; refuse when any answer is forbidden.
 * `givenByUser` is false after a redirect: the host then came from the asset server, and an
 * internal name it points at is not repeated back.
 */
export async function resolveAllowed(url: URL, allowList: readonly AllowedHost[], resolveHost: NonNullable<SafeFetchOptions['resolveHost']>, givenByUser: boolean): Promise<PinnedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const unresolved = () => new SafeFetchError('network', 422, givenByUser ? `The host ${host} could not be resolved` : 'The host the asset server redirected to could not be resolved');
  let answers: { address: string; family: number }[];
  try {
    answers = await resolveHost(host);
  } catch {
    throw unresolved();
  }
  if (answers.length === 0) throw unresolved();
  const allowHosts = allowedForPort(allowList, url.port === '' ? DEFAULT_PORTS[url.protocol]! : Number(url.port));
  const hostAllowed = allowHosts.has(host.toLowerCase()) || (ipaddr.isValid(host) && allowHosts.has(ipaddr.parse(host).toString()));
  for (const answer of answers) {
    const verdict = hostAllowed ? { allowed: true as const } : checkAddress(answer.address, allowHosts);
    // A name that resolves to any forbidden address is refused outright, so a DNS answer that
    // mixes public and internal addresses cannot be used to reach the internal one. The rule is
    // named, the address is not.
    if (!verdict.allowed) throw new SafeFetchError('address', 403, `Refused to fetch the URL: ${verdict.rule}`);
  }
  const chosen = answers[0]!;
  return { address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
