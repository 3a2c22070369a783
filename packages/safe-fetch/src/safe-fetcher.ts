// The one safe fetcher for every URL the server and the CLI fetch: asset URLs, remote manifests,
// and the POSTs to a time-stamping authority. http/https only; the host is resolved and every address checked; the
// connection goes to the address that was checked (no second DNS answer can swap it); each
// redirect is checked again (at most 5); a time limit and a size limit cut slow or huge bodies.
// Its messages name no address it resolved and no host it was redirected to, and network errors
// stay generic, so a refusal tells the caller nothing about the inside of the network.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { checkAddress } from './address-policy.ts';
import { allowedForPort, parseAllowedHost, type AllowedHost } from './allow-hosts.ts';

export type FetchFailure = 'scheme' | 'address' | 'redirects' | 'timeout' | 'too_large' | 'status' | 'network' | 'url';

/** A refused or failed fetch; `status` is the HTTP status the API answers with. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: FetchFailure,
    readonly status: 400 | 403 | 413 | 422,
    message: string,
    /** The HTTP status the remote server answered with, when it answered (reason `status`). */
    readonly remoteStatus?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  /**
   * Host names or addresses that may be fetched even though they are not public (tests: 127.0.0.1),
   * each alone (any port) or as host:port (only that port); see allow-hosts.ts.
   */
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** DNS resolution; tests pass a fake resolver to stand for hostile DNS answers. */
  resolveHost?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedAsset {
  bytes: Buffer;
  contentType: string | null;
  finalUrl: string;
  /** The HTTP status of the answer (2xx). */
  status?: number;
}

/**
 * A POST instead of a GET (an RFC 3161 time-stamp query): the body is sent once, and a redirect is
 * not followed, since the body would have to be sent again to a host the caller did not name.
 */
export interface SafeFetchPost {
  method: 'POST';
  body: Uint8Array;
  contentType: string;
  /** Extra request headers (a remote signer's authentication); they cannot replace the body's type or length. */
  headers?: Readonly<Record<string, string>>;
}

export type SafeFetch = (url: string, post?: SafeFetchPost) => Promise<FetchedAsset>;

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

/** `base`: the URL a redirect's Location is relative to (the asset server's, not the user's, mistake). */
function parseUrl(raw: string, base?: URL): URL {
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
async function resolveAllowed(url: URL, allowList: readonly AllowedHost[], resolveHost: NonNullable<SafeFetchOptions['resolveHost']>, givenByUser: boolean): Promise<{ address: string; family: 4 | 6 }> {
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

function requestOnce(url: URL, pinned: { address: string; family: 4 | 6 }, options: SafeFetchOptions, signal: AbortSignal, post?: SafeFetchPost): Promise<{ status: number; location: string | null; contentType: string | null; bytes: Buffer | null }> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: post ? 'POST' : 'GET',
        lookup,
        signal,
        headers: {
          'user-agent': 'ProvenanceGateway/1.0 (+content credentials verification)',
          accept: '*/*',
          ...post?.headers,
          ...(post && { 'content-type': post.contentType, 'content-length': String(post.body.byteLength) }),
        },
        ...(url.protocol === 'https:' && { servername: url.hostname }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? null;
        if (REDIRECT_CODES.has(status)) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, contentType, bytes: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, location: null, contentType, bytes: null });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new SafeFetchError('too_large', 413, `The asset is ${declared} bytes, over the limit of ${options.maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > options.maxBytes) {
            response.destroy();
            reject(new SafeFetchError('too_large', 413, `The asset is over the limit of ${options.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location: null, contentType, bytes: Buffer.concat(chunks, received) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(post ? Buffer.from(post.body.buffer, post.body.byteOffset, post.body.byteLength) : undefined);
  });
}

export function createSafeFetcher(options: SafeFetchOptions): SafeFetch {
  const allowList = options.allowHosts.map(parseAllowedHost);
  const maxRedirects = options.maxRedirects ?? 5;
  const resolveHost = options.resolveHost ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));
  return async (raw, post) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      let url = parseUrl(raw);
      for (let redirects = 0; ; redirects += 1) {
        const pinned = await resolveAllowed(url, allowList, resolveHost, redirects === 0);
        let answer;
        try {
          answer = await requestOnce(url, pinned, options, controller.signal, post);
        } catch (error) {
          if (error instanceof SafeFetchError) throw error;
          if (controller.signal.aborted) throw new SafeFetchError('timeout', 422, `The asset server did not answer within ${options.timeoutMs / 1000} s`);
          // Not the socket's message: "connect ECONNREFUSED 10.0.0.5:80" would name an address,
          // and telling refused from reset ports apart would make the fetcher a port scanner.
          throw new SafeFetchError('network', 422, 'The asset server could not be reached');
        }
        if (answer.bytes) return { bytes: answer.bytes, contentType: answer.contentType, finalUrl: url.href, status: answer.status };
        if (answer.location === null || post) throw new SafeFetchError('status', 422, `The asset server answered HTTP ${answer.status}`, answer.status);
        if (redirects >= maxRedirects) throw new SafeFetchError('redirects', 400, `More than ${maxRedirects} redirects`);
        url = parseUrl(answer.location, url);
      }
    } finally {
      clearTimeout(timer);
    }
  };
}
