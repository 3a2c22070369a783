// GET /pki/crl: the gateway CA's certificate revocation list (DER, public). A file verified in the
// browser is checked against it, so a signer the gateway revoked reads revoked there too. And GET
// /pki/claim-signer: the installation's claim signer, which Settings shows.
import { queryOptions } from '@tanstack/react-query';
import type { TClaimSigner } from '@provenance/contracts';
import { ApiError, apiRequest, apiUrl } from './client';

const GATEWAY_CRL_PATH = '/pki/crl';

/** The CRL's address, as a verification answer names its source. */
export const gatewayCrlUrl = (): string => apiUrl(GATEWAY_CRL_PATH);

/** The CRL as the gateway serves it now: revalidated, never an older copy from the HTTP cache, as a revocation takes effect at once. */
export async function fetchGatewayCrl(): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(apiUrl(GATEWAY_CRL_PATH), { headers: { Accept: 'application/pkix-crl' }, cache: 'no-cache', credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.');
  }
  if (!response.ok) throw new ApiError(response.status, 'http_error', `The server answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** GET /pki/claim-signer: who signs the claims this gateway makes, and what other validators will make of it. */
export function fetchClaimSigner(): Promise<TClaimSigner> {
  return apiRequest<TClaimSigner>('/pki/claim-signer');
}

export const claimSignerKeys = {
  current: ['pki', 'claim-signer'] as const,
};

/** It changes at a restart or a yearly renewal: a few minutes in the cache is plenty. */
export function claimSignerQuery() {
  return queryOptions({ queryKey: claimSignerKeys.current, queryFn: fetchClaimSigner, staleTime: 5 * 60_000 });
}
