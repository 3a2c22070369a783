// A badge's question: does the media shown with manifest M carry M, or is it the file signed with M
// (or its original)? Answered from the SHA-256 the badge computed when it could read the picture,
// else by fetching the media's URL through the safe fetcher. What was learnt of a URL is kept with
// its validators (ETag, Last-Modified), so a page's later views cost the publisher a conditional
// GET answered 304, not the picture, and the engine nothing. A picture without credentials is looked
// up in the manifest repository: the signed file with its manifest removed matches (a stripped
// copy), one that only looks like it (its ISCC fingerprint: resized, re-encoded) cannot be checked.
import { createHash } from 'node:crypto';
import type { TMediaCheck } from '@provenance/contracts';
import { ProvenanceError, type SerializedVerification } from '@provenance/engine';
import { SafeFetchError, type SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';

/** The signed asset a manifest belongs to: the hashes recorded at signing. */
export interface SignedMedia {
  manifestId: string;
  /** SHA-256 of the signed file. */
  signedAssetHash: string;
  /** SHA-256 of the signed file before a timestamp was added to it (a CDN may still serve it); null when none was. */
  previousSignedAssetHash: string | null;
  /** SHA-256 of the file as it was given to be signed (a copy whose credentials were stripped may be it). */
  assetHash: string;
  thumbnailUrl: string | null;
}

export interface MediaCheckOutcome {
  check: TMediaCheck;
  /** The media's own verdict when it carries the manifest itself (it may be invalid: a tampered copy). */
  ownVerdict: SerializedVerification | null;
  /** SHA-256 of the media, when known. */
  sha256: string | null;
}

export interface MediaChecks {
  check(signed: SignedMedia, url: string, browserSha256?: string): Promise<MediaCheckOutcome>;
}

/** One of the manifest repository's matches of a picture without credentials (every signing it matches). */
export interface RepositoryMatchOf {
  manifestId: string;
  method: 'exact-hash' | 'fingerprint';
}

/** What a URL was found to be, kept while its validators say it has not changed. */
interface KnownMedia {
  etag: string | null;
  lastModified: string | null;
  sha256: string;
  /** The repository's matches, once looked up (a picture without credentials); undefined until then. */
  match?: readonly RepositoryMatchOf[] | null;
}

const MAX_KNOWN_URLS = 2000;

const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export function createMediaChecks(deps: {
  fetcher: SafeFetch;
  /** The engine's verdict on the fetched media (cached by its SHA-256 by the caller). */
  verify(bytes: Uint8Array, fileName: string, sha256: string): Promise<SerializedVerification>;
  /** The verdict already cached for media with this SHA-256, if any. */
  cachedVerdict(sha256: string): SerializedVerification | undefined;
  /** Every signing the repository matches a picture without credentials to; absent: no repository. */
  lookup?: ((bytes: Uint8Array, fileName: string, sha256: string) => Promise<readonly RepositoryMatchOf[]>) | undefined;
}): MediaChecks {
  // Insertion-ordered: the oldest URL is forgotten first.
  const known = new Map<string, KnownMedia>();
  // Checks under way: the readers of a page just published ask at once, and the picture is fetched once.
  const underWay = new Map<string, Promise<MediaCheckOutcome>>();

  const remember = (url: string, media: KnownMedia): void => {
    known.delete(url);
    known.set(url, media);
    if (known.size > MAX_KNOWN_URLS) known.delete(known.keys().next().value!);
  };

  const byHash = (signed: SignedMedia, sha256: string): TMediaCheck['method'] =>
    sha256 === signed.signedAssetHash || sha256 === signed.previousSignedAssetHash ? 'signed-file' : sha256 === signed.assetHash ? 'original-file' : null;

  const outcome = (signed: SignedMedia, result: TMediaCheck['result'], method: TMediaCheck['method'], message: string, fetched: boolean, sha256: string | null, ownVerdict: SerializedVerification | null = null): MediaCheckOutcome => ({
    check: { result, method, message, thumbnailUrl: signed.thumbnailUrl, fetched },
    ownVerdict,
    sha256,
  });

  /** The answer for media with this hash and verdict (and repository match): it carries M, is M's file stripped, looks like it, or does not belong. */
  const judged = (signed: SignedMedia, sha256: string, verdict: SerializedVerification, fetched: boolean, matches: readonly RepositoryMatchOf[] | null): MediaCheckOutcome => {
    if (verdict.manifestId === signed.manifestId) return outcome(signed, 'matches', 'embedded', 'The picture carries these Content Credentials.', fetched, sha256, verdict);
    // Whether the picture is M's file stripped: M's own match among every signing it matches (an
    // earlier signing of the same picture by someone else does not make it another's here).
    const match = matches?.find((candidate) => candidate.manifestId === signed.manifestId);
    if (!verdict.manifestId && match) {
      if (match.method === 'exact-hash') return outcome(signed, 'matches', 'stripped-copy', 'The picture is the file signed with these Content Credentials, with them removed.', fetched, sha256);
      return outcome(signed, 'unchecked', null, 'The picture looks like the one signed with these Content Credentials but is not the same file (resized or re-encoded?), so it could not be checked against them.', fetched, sha256);
    }
    const message = verdict.manifestId ? 'The picture carries other Content Credentials.' : 'The picture carries no Content Credentials and is not the file signed with these.';
    return outcome(signed, 'mismatch', null, message, fetched, sha256);
  };

  const checks: MediaChecks = {
    check(signed, url, browserSha256) {
      const key = `${signed.manifestId}\n${url}\n${browserSha256 ?? ''}`;
      let outcome = underWay.get(key);
      if (!outcome) {
        outcome = checkOnce(signed, url, browserSha256).finally(() => underWay.delete(key));
        underWay.set(key, outcome);
      }
      return outcome;
    },
  };

  async function checkOnce(signed: SignedMedia, url: string, browserSha256?: string): Promise<MediaCheckOutcome> {
    const given = browserSha256?.toLowerCase();
    if (given) {
      const method = byHash(signed, given);
      if (method) return outcome(signed, 'matches', 'browser-hash', 'The picture is the file signed with these Content Credentials.', false, given);
    }
    const previous = known.get(url);
    let fetched;
    try {
      fetched = await deps.fetcher(url, { method: 'GET', ifNoneMatch: previous?.etag ?? undefined, ifModifiedSince: previous?.lastModified ?? undefined });
    } catch (error) {
      if (error instanceof SafeFetchError && error.remoteStatus === 304 && previous) {
        // Unchanged since it was judged: only a verdict of its own (it carries M) needs the engine's cache.
        const method = byHash(signed, previous.sha256);
        if (method) return outcome(signed, 'matches', method, 'The picture is the file signed with these Content Credentials.', false, previous.sha256);
        const verdict = deps.cachedVerdict(previous.sha256);
        const match = verdict?.manifestId || !deps.lookup ? null : previous.match;
        if (verdict && match !== undefined) return judged(signed, previous.sha256, verdict, false, match);
        known.delete(url);
        return checkOnce(signed, url, browserSha256);
      }
      if (error instanceof SafeFetchError) return outcome(signed, 'unchecked', null, `The picture could not be fetched: ${error.message}`, true, null);
      throw error;
    }
    const sha256 = sha256Of(fetched.bytes);
    const media: KnownMedia = { etag: fetched.etag ?? null, lastModified: fetched.lastModified ?? null, sha256 };
    if (media.etag || media.lastModified) remember(url, media);
    else known.delete(url);
    const method = byHash(signed, sha256);
    if (method) return outcome(signed, 'matches', method, 'The picture is the file signed with these Content Credentials.', true, sha256);
    const fileName = new URL(fetched.finalUrl).pathname;
    let verdict: SerializedVerification;
    try {
      verdict = await deps.verify(fetched.bytes, fileName, sha256);
    } catch (error) {
      // Not a format Content Credentials can be read from, or a file the engine could not read; a
      // busy engine is still the 503 it is everywhere (the badge may ask again).
      if (error instanceof DomainError || error instanceof ProvenanceError) return outcome(signed, 'unchecked', null, 'The picture could not be read.', true, sha256);
      throw error;
    }
    try {
      media.match = verdict.manifestId || !deps.lookup ? null : await deps.lookup(fetched.bytes, fileName, sha256);
    } catch {
      // Its fingerprint could not be taken (an image the decoder refuses): nothing is known of it.
      known.delete(url);
      return outcome(signed, 'unchecked', null, 'The picture could not be read.', true, sha256);
    }
    return judged(signed, sha256, verdict, true, media.match);
  }
  return checks;
}
