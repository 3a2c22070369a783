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
//
// This module holds the fetch's walk (each hop resolved, checked and pinned: hop-destination.ts;
// requested: request-once.ts; its body read: body-readers.ts) and the two fetchers made from it.
import { lookup as dnsLookup } from 'node:dns/promises';
import { parseAllowedHost, type AllowedHost } from './allow-hosts.ts';
import { SinkFailure, bodyInMemory, bodyIntoSink } from './body-readers.ts';
import { SafeFetchError, type SafeFetch, type SafeFetchConditional, type SafeFetchOptions, type SafeFetchPost, type SafeStreamFetch, type SafeStreamFetchOptions } from './fetch-types.ts';
import { parseUrl, resolveAllowed } from './hop-destination.ts';
import { requestOnce, type Answer, type BodyReader, type FetchWatch } from './request-once.ts';


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
