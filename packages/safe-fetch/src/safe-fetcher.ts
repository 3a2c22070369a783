// The one safe fetcher for every URL the server and the CLI fetch: asset URLs, remote manifests,
// and the POSTs to a time-stamping authority. http/https only; the host is resolved and every address checked; the
// connection goes to the address that was checked (no second DNS answer can swap it); each
// redirect is checked again (at most 5); a time limit and a size limit cut slow or huge bodies.
// Its messages name no address it resolved and no host it was redirected to, and network errors
// stay generic, so a refusal tells the caller nothing about the inside of the network.
//
// Two modes, one set of rules: createSafeFetcher answers with the body in memory (small assets,
// manifests, OCSP...); createSafeStreamFetcher hands the body to the caller's sink as it arrives
// (a large video written to disk), hashing it on the way, with its size limit decided from its
// first bytes, an idle limit beside the total one, and a body cut short reported as such.
import { createHash } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { checkAddress } from './address-policy.ts';
import { allowedForPort, parseAllowedHost, type AllowedHost } from './allow-hosts.ts';

export type FetchFailure = 'scheme' | 'address' | 'redirects' | 'timeout' | 'too_large' | 'status' | 'network' | 'url' | 'incomplete';

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
  /** The answer's validators (ETag, Last-Modified), for a later conditional GET. */
  etag?: string | null;
  lastModified?: string | null;
}

/**
 * A conditional GET: the validators of a copy the caller keeps. An unchanged resource answers 304,
 * which comes back as a SafeFetchError with reason `status` and remoteStatus 304.
 */
export interface SafeFetchConditional {
  method: 'GET';
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
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

export type SafeFetch = (url: string, request?: SafeFetchPost | SafeFetchConditional) => Promise<FetchedAsset>;

/** `maxBytes` is the most any body may have; a sink's `limitFor` may lower it per body. */
export interface SafeStreamFetchOptions extends SafeFetchOptions {
  /** A body that sends nothing for this long is cut (`timeoutMs` still bounds the whole fetch). */
  idleTimeoutMs?: number;
}

/** Where a streamed body goes, and how large it may be. */
export interface StreamSink {
  /** Takes one chunk; the next is read once this resolves, so a slow disk slows the download. */
  write(chunk: Uint8Array): Promise<void>;
  /**
   * The size limit of this body, from its first `headBytes` bytes (all of a shorter body): a video
   * may be larger than other files. Nothing is written before it answers; capped at `maxBytes`.
   */
  limitFor?(head: Uint8Array): number | Promise<number>;
  /** How many first bytes `limitFor` is given; 64 kB when absent. */
  headBytes?: number;
}

/** A body streamed into a sink whole (nothing is returned in memory). */
export interface StreamedAsset {
  byteLength: number;
  /** SHA-256 (hex) of the body, taken as it arrived. */
  sha256: string;
  contentType: string | null;
  finalUrl: string;
  status: number;
}

/** GET `url` into `sink`; on any failure the sink may hold part of the body, which the caller discards. */
export type SafeStreamFetch = (url: string, sink: StreamSink) => Promise<StreamedAsset>;

/** A sink's own failure (a full disk): passed to the caller as it is, never taken for a network error. */
class SinkFailure extends Error {
  constructor(readonly failure: unknown) {
    super('sink failed');
  }
}

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

interface Answer<T> {
  status: number;
  location: string | null;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  /** The body as the reader made it; null for a redirect or an error status. */
  body: T | null;
}

/** Reads a 2xx answer's body; throws SafeFetchError for the body's own faults. */
type BodyReader<T> = (response: http.IncomingMessage) => Promise<T>;

/** Watches one fetch: the total time limit (the signal) and, streaming, the idle one. */
interface FetchWatch {
  signal: AbortSignal;
  idleTimeoutMs?: number | undefined;
  /** Set when the idle limit cut the connection. */
  idled: boolean;
  /** Set once a 2xx answer's body began to be read: a time-out then cut a download under way. */
  receiving: boolean;
}

function requestOnce<T>(url: URL, pinned: { address: string; family: 4 | 6 }, watch: FetchWatch, readBody: BodyReader<T>, post?: SafeFetchPost, conditional?: SafeFetchConditional): Promise<Answer<T>> {
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
        signal: watch.signal,
        headers: {
          'user-agent': 'ProvenanceGateway/1.0 (+content credentials verification)',
          accept: '*/*',
          ...post?.headers,
          ...(conditional?.ifNoneMatch && { 'if-none-match': conditional.ifNoneMatch }),
          ...(conditional?.ifModifiedSince && { 'if-modified-since': conditional.ifModifiedSince }),
          ...(post && { 'content-type': post.contentType, 'content-length': String(post.body.byteLength) }),
        },
        ...(url.protocol === 'https:' && { servername: url.hostname }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? null;
        const validators = { etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null };
        if (REDIRECT_CODES.has(status)) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, contentType, ...validators, body: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, location: null, contentType, ...validators, body: null });
          return;
        }
        watch.receiving = true;
        readBody(response).then((body) => resolve({ status, location: null, contentType, ...validators, body }), reject);
      },
    );
    if (watch.idleTimeoutMs !== undefined) {
      // The socket's inactivity, from connecting to the body's last byte.
      request.setTimeout(watch.idleTimeoutMs, () => {
        watch.idled = true;
        request.destroy();
      });
    }
    request.on('error', reject);
    request.end(post ? Buffer.from(post.body.buffer, post.body.byteOffset, post.body.byteLength) : undefined);
  });
}

/** The Content-Length the answer declared, when it declared a valid one. */
function declaredLength(response: http.IncomingMessage): number | null {
  const header = response.headers['content-length'];
  const declared = Number(header);
  return header !== undefined && Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
}

/** The in-memory body: gathered up to `maxBytes`. */
function bodyInMemory(maxBytes: number): BodyReader<Buffer> {
  return (response) =>
    new Promise((resolve, reject) => {
      const declared = declaredLength(response);
      if (declared !== null && declared > maxBytes) {
        response.destroy();
        reject(new SafeFetchError('too_large', 413, `The asset is ${declared} bytes, over the limit of ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBytes) {
          response.destroy();
          reject(new SafeFetchError('too_large', 413, `The asset is over the limit of ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks, received)));
      response.on('error', reject);
    });
}

const DEFAULT_HEAD_BYTES = 64 * 1024;

/** The streamed body: its head held until the sink names its limit, then every chunk written as it arrives. */
function bodyIntoSink(maxBytes: number, sink: StreamSink, watch: FetchWatch): BodyReader<{ byteLength: number; sha256: string }> {
  return async (response) => {
    const declared = declaredLength(response);
    const tooLarge = (limit: number) => new SafeFetchError('too_large', 413, declared !== null ? `The asset is ${declared} bytes, over the limit of ${limit} bytes` : `The asset is over the limit of ${limit} bytes`);
    if (declared !== null && declared > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    const headBytes = sink.headBytes ?? DEFAULT_HEAD_BYTES;
    const hash = createHash('sha256');
    let limit: number | null = sink.limitFor ? null : maxBytes;
    let head: Buffer[] = [];
    let headLength = 0;
    let received = 0;
    const write = async (chunk: Uint8Array) => {
      try {
        await sink.write(chunk);
      } catch (error) {
        throw new SinkFailure(error);
      }
    };
    /** Asks the sink for its limit once the head is in, then writes the head. */
    const decide = async () => {
      const firstBytes = Buffer.concat(head, headLength);
      limit = Math.min(maxBytes, await sink.limitFor!(firstBytes.subarray(0, headBytes)));
      if ((declared ?? received) > limit) throw tooLarge(limit);
      head = [];
      await write(firstBytes);
    };
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        received += chunk.byteLength;
        if (received > (limit ?? maxBytes)) throw tooLarge(limit ?? maxBytes);
        hash.update(chunk);
        if (limit !== null) {
          await write(chunk);
          continue;
        }
        head.push(chunk);
        headLength += chunk.byteLength;
        if (headLength >= headBytes) await decide();
      }
      if (limit === null) await decide();
    } catch (error) {
      response.destroy();
      if (error instanceof SafeFetchError || error instanceof SinkFailure || watch.signal.aborted || watch.idled) throw error;
      // The connection closed before the body's end (a Content-Length or chunked body cut short).
      throw incomplete(received, declared);
    }
    // A close-delimited body cannot tell; one with a length can.
    if (declared !== null && received !== declared) throw incomplete(received, declared);
    return { byteLength: received, sha256: hash.digest('hex') };
  };
}

function incomplete(received: number, declared: number | null): SafeFetchError {
  return new SafeFetchError('incomplete', 422, `The asset server closed the connection before the whole asset arrived (${received} bytes${declared !== null ? ` of ${declared}` : ''})`);
}

interface FetchRules {
  allowList: readonly AllowedHost[];
  maxRedirects: number;
  resolveHost: NonNullable<SafeFetchOptions['resolveHost']>;
  timeoutMs: number;
  idleTimeoutMs?: number | undefined;
}

function rulesOf(options: SafeFetchOptions & { idleTimeoutMs?: number | undefined }): FetchRules {
  return {
    allowList: options.allowHosts.map(parseAllowedHost),
    maxRedirects: options.maxRedirects ?? 5,
    resolveHost: options.resolveHost ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true })),
    timeoutMs: options.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
  };
}

/** One fetch under every rule: each hop resolved, checked and pinned, redirects followed (a GET's only), time limits. */
async function fetchChecked<T>(
  rules: FetchRules,
  raw: string,
  readBody: (watch: FetchWatch) => BodyReader<T>,
  request?: SafeFetchPost | SafeFetchConditional,
): Promise<{ body: T; contentType: string | null; finalUrl: string; status: number; etag: string | null; lastModified: string | null }> {
  const post = request?.method === 'POST' ? request : undefined;
  const conditional = request?.method === 'GET' ? request : undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), rules.timeoutMs);
  const watch: FetchWatch = { signal: controller.signal, idleTimeoutMs: rules.idleTimeoutMs, idled: false, receiving: false };
  try {
    let url = parseUrl(raw);
    for (let redirects = 0; ; redirects += 1) {
      const pinned = await resolveAllowed(url, rules.allowList, rules.resolveHost, redirects === 0);
      let answer: Answer<T>;
      try {
        answer = await requestOnce(url, pinned, watch, readBody(watch), post, conditional);
      } catch (error) {
        if (error instanceof SafeFetchError) throw error;
        if (error instanceof SinkFailure) throw error.failure;
        if (controller.signal.aborted) {
          // A body still arriving at the limit (a trickle) is said as such: the server did answer.
          throw new SafeFetchError(
            'timeout',
            422,
            watch.receiving ? `The asset did not finish downloading within ${rules.timeoutMs / 1000} s, the limit on a whole download` : `The asset server did not answer within ${rules.timeoutMs / 1000} s`,
          );
        }
        if (watch.idled) throw new SafeFetchError('timeout', 422, `The asset server sent nothing for ${rules.idleTimeoutMs! / 1000} s`);
        // Not the socket's message: "connect ECONNREFUSED 10.0.0.5:80" would name an address,
        // and telling refused from reset ports apart would make the fetcher a port scanner.
        throw new SafeFetchError('network', 422, 'The asset server could not be reached');
      }
      if (answer.body !== null) return { body: answer.body, contentType: answer.contentType, finalUrl: url.href, status: answer.status, etag: answer.etag, lastModified: answer.lastModified };
      if (answer.location === null || post) throw new SafeFetchError('status', 422, `The asset server answered HTTP ${answer.status}`, answer.status);
      if (redirects >= rules.maxRedirects) throw new SafeFetchError('redirects', 400, `More than ${rules.maxRedirects} redirects`);
      url = parseUrl(answer.location, url);
    }
  } finally {
    clearTimeout(timer);
  }
}

export function createSafeFetcher(options: SafeFetchOptions): SafeFetch {
  const rules = rulesOf({ ...options, idleTimeoutMs: undefined });
  return async (raw, request) => {
    const { body, ...answer } = await fetchChecked(rules, raw, () => bodyInMemory(options.maxBytes), request);
    return { bytes: body, ...answer };
  };
}

/** The streaming mode: the same rules, the body written to the caller's sink as it arrives. */
export function createSafeStreamFetcher(options: SafeStreamFetchOptions): SafeStreamFetch {
  const rules = rulesOf(options);
  return async (raw, sink) => {
    const { body, ...answer } = await fetchChecked(rules, raw, (watch) => bodyIntoSink(options.maxBytes, sink, watch));
    return { ...body, ...answer };
  };
}
