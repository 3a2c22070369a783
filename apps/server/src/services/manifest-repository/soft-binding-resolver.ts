// The Soft Binding Resolution API's service: matches in this gateway's manifest repository, and,
// when it has none, the matches of the resolvers SBR_FEDERATION names, asked through the safe
// fetcher (each within its time limit) and labelled with their source. A federated resolver is only
// ever sent a soft binding (the ISCC), never the file. Its answer is held to the contract match by
// match: one with a script endpoint or markup in its ID is dropped, the others kept.
import { z } from 'zod';
import { ZSbrMatch, type TSbrMatch, type TSbrSupportedAlgorithms } from '@provenance/contracts';
import { softBinding } from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import { DomainError } from '../domain-error.ts';
import { fingerprintImage } from './image-fingerprint.ts';
import type { ManifestRepository, RepositoryMatch } from './manifest-repository.ts';

export interface SoftBindingResolver {
  byBinding(alg: string, value: string, maxResults: number): Promise<TSbrMatch[]>;
  byContent(bytes: Uint8Array, options: { alg?: string | undefined; hintAlg?: string | undefined; hintValue?: string | undefined; maxResults: number }): Promise<TSbrMatch[]>;
  supportedAlgorithms(): TSbrSupportedAlgorithms;
}

export interface SbrFederation {
  /** Base URLs of other resolvers (their /matches/byBinding is asked). */
  baseUrls: readonly string[];
  /** The safe fetcher, with the time limit federation queries get. */
  fetcher: SafeFetch;
}

/** A federated answer's outer shape; each match is checked on its own, so one bad match costs only itself. */
const ZFederatedAnswer = z.object({ matches: z.array(z.unknown()).max(1000) });

/** Our own matches are labelled so beside federated ones. */
export const LOCAL_SOURCE = 'local';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

function decodeValue(value: string): Uint8Array {
  if (!BASE64.test(value)) throw new DomainError('invalid', 'invalid_binding_value', 'value must be base64');
  return Buffer.from(value, 'base64');
}

const local = (match: RepositoryMatch): TSbrMatch => ({ manifestId: match.manifestId, similarityScore: match.similarity, source: LOCAL_SOURCE });

export function createSoftBindingResolver(deps: { repository: ManifestRepository; federation?: SbrFederation | undefined; onFederationError?: (baseUrl: string, error: unknown) => void }): SoftBindingResolver {
  const { repository, federation } = deps;

  /** Every federated resolver's matches for the binding; one that fails or answers nonsense adds none. */
  async function federated(alg: string, value: string, maxResults: number): Promise<TSbrMatch[]> {
    if (!federation || federation.baseUrls.length === 0) return [];
    const answers = await Promise.all(
      federation.baseUrls.map(async (base) => {
        const url = new URL(`${base.replace(/\/$/, '')}/matches/byBinding`);
        url.search = new URLSearchParams({ alg, value, maxResults: String(maxResults) }).toString();
        try {
          const fetched = await federation.fetcher(url.href);
          const parsed = ZFederatedAnswer.safeParse(JSON.parse(Buffer.from(fetched.bytes).toString('utf8')));
          if (!parsed.success) throw new Error('the answer is not a list of matches');
          const matches = parsed.data.matches.flatMap((candidate) => {
            const match = ZSbrMatch.safeParse(candidate);
            return match.success ? [match.data] : [];
          });
          if (matches.length < parsed.data.matches.length) deps.onFederationError?.(base, new Error(`${parsed.data.matches.length - matches.length} of its matches failed the contract and were dropped`));
          return matches.map((match) => ({ ...match, endpoint: match.endpoint ?? base, source: base }));
        } catch (error) {
          deps.onFederationError?.(base, error);
          return [];
        }
      }),
    );
    return answers.flat().slice(0, maxResults);
  }

  return {
    async byBinding(alg, value, maxResults) {
      const ours = (await repository.matchesByBinding(alg, decodeValue(value), maxResults)).map(local);
      return ours.length > 0 ? ours : federated(alg, value, maxResults);
    },
    async byContent(bytes, options) {
      if (options.alg && options.alg !== softBinding.ISCC_SOFT_BINDING_ALG) throw new DomainError('invalid', 'unsupported_algorithm', `This resolver matches content with ${softBinding.ISCC_SOFT_BINDING_ALG} only`);
      const ours = (await repository.matchesByContent(bytes, options.maxResults)).map(local);
      if (ours.length > 0) return ours;
      // The caller's own binding, else our fingerprint of the content, is what other resolvers are asked.
      if (options.hintAlg && options.hintValue) {
        const hinted = (await repository.matchesByBinding(options.hintAlg, decodeValue(options.hintValue), options.maxResults)).map(local);
        if (hinted.length > 0) return hinted;
        return federated(options.hintAlg, options.hintValue, options.maxResults);
      }
      const fingerprint = await fingerprintImage(bytes);
      return fingerprint ? federated(fingerprint.alg, Buffer.from(fingerprint.digest).toString('base64'), options.maxResults) : [];
    },
    supportedAlgorithms() {
      return { watermarks: [], fingerprints: [{ alg: softBinding.ISCC_SOFT_BINDING_ALG }] };
    },
  };
}
