// The safe fetcher's allow-list (FETCH_ALLOW_HOSTS): entries are a host name or an IP address,
// alone (any port of that host) or with a port (only that port): `localhost`, `10.0.0.5:9000`,
// `[fd00::1]:8443`. Parsed once at start, so a mistyped entry stops the server (or the CLI) with
// its name instead of being silently ignored.
import ipaddr from 'ipaddr.js';

export interface AllowedHost {
  /** Lower-case host name, or an IP address in ipaddr.js's normal form. */
  host: string;
  /** Null: every port of the host. */
  port: number | null;
}

export class AllowHostError extends Error {
  constructor(entry: string, why: string) {
    super(`the entry "${entry}" ${why}; write a host name or IP address, optionally with :port (e.g. localhost, 10.0.0.5:9000, [fd00::1]:8443)`);
    this.name = 'AllowHostError';
  }
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?$/;

function parsePort(entry: string, text: string): number {
  if (!/^\d{1,5}$/.test(text)) throw new AllowHostError(entry, `has the port "${text}", which is not a number`);
  const port = Number(text);
  if (port < 1 || port > 65535) throw new AllowHostError(entry, `has the port ${port}, outside 1-65535`);
  return port;
}

function normalHost(entry: string, host: string): string {
  if (ipaddr.isValid(host)) return ipaddr.parse(host).toString();
  const name = host.toLowerCase();
  if (!HOST_NAME.test(name)) throw new AllowHostError(entry, 'is not a host name or IP address');
  return name;
}

/** Parses one entry; throws AllowHostError naming it when it is not a host, address or host:port. */
export function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim();
  if (text.includes('/')) throw new AllowHostError(entry, 'is a URL or a path, not a host');
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(text);
  if (bracketed) {
    if (!ipaddr.IPv6.isValid(bracketed[1]!)) throw new AllowHostError(entry, 'is not a valid IPv6 address');
    return { host: ipaddr.parse(bracketed[1]!).toString(), port: bracketed[2] === undefined ? null : parsePort(entry, bracketed[2]) };
  }
  // A bare IPv6 address has several colons and no port (write [address]:port for one).
  if (ipaddr.IPv6.isValid(text)) return { host: ipaddr.parse(text).toString(), port: null };
  const colon = text.lastIndexOf(':');
  if (colon === -1) return { host: normalHost(entry, text), port: null };
  return { host: normalHost(entry, text.slice(0, colon)), port: parsePort(entry, text.slice(colon + 1)) };
}

/** The hosts and addresses allow-listed for a URL's port (its explicit port or the scheme's). */
export function allowedForPort(allowed: readonly AllowedHost[], port: number): Set<string> {
  return new Set(allowed.filter((entry) => entry.port === null || entry.port === port).map((entry) => entry.host));
}

/**
 * FETCH_ALLOW_HOSTS as the server and the CLI both read it: comma-separated, blanks ignored, every
 * entry checked. Returns the entries as written; throws AllowHostError naming the first bad one.
 */
export function parseAllowHosts(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  for (const entry of entries) parseAllowedHost(entry);
  return entries;
}
