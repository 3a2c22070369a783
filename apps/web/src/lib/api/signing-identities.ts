// /account/organization and /account/signing-identities: the organisation the account signs as,
// and who signs its manifests (the managed certificate or one the account brought). Query keys
// carry the user ID so one account never sees another's cached identities.
import { queryOptions } from '@tanstack/react-query';
import type { TAddSigningIdentityRequest, TOrganizationResponse, TSigningIdentity } from '@provenance/contracts';
import { apiRequest } from './client';

export const signingIdentityKeys = {
  organization: (userId: string) => ['account', userId, 'organization'] as const,
  list: (userId: string) => ['account', userId, 'signing-identities'] as const,
};

export function organizationQuery(userId: string) {
  return queryOptions({
    queryKey: signingIdentityKeys.organization(userId),
    queryFn: ({ signal }) => apiRequest<TOrganizationResponse>('/account/organization', { signal }),
  });
}

export function updateOrganization(name: string): Promise<TOrganizationResponse> {
  return apiRequest<TOrganizationResponse>('/account/organization', { method: 'PUT', json: { name } });
}

export function signingIdentitiesQuery(userId: string) {
  return queryOptions({
    queryKey: signingIdentityKeys.list(userId),
    queryFn: ({ signal }) => apiRequest<TSigningIdentity[]>('/account/signing-identities', { signal }),
  });
}

export function addSigningIdentity(input: TAddSigningIdentityRequest): Promise<TSigningIdentity> {
  return apiRequest<TSigningIdentity>('/account/signing-identities', { method: 'POST', json: input });
}

export function activateSigningIdentity(id: string): Promise<TSigningIdentity> {
  return apiRequest<TSigningIdentity>(`/account/signing-identities/${encodeURIComponent(id)}/activate`, { method: 'POST' });
}

/** Revokes a managed certificate (its key is compromised): what it signed verifies as revoked, and the next signing gets a new one. */
export function revokeSigningIdentity(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/account/signing-identities/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}
