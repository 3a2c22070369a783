// What a caller of the safe fetcher gives and gets: the options of both modes, a POST or a
// conditional GET, the answer in memory or streamed into a sink, and the error every refusal is.

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
