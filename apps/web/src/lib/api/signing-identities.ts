// /account/organization and /account/signing-identities: the organisation the account signs as (and
// its verification by a confirmed address at its domain),
// and who signs its manifests (the managed certificate or one the account brought). Query keys
// carry the user ID so one account never sees another's cached identities.
import { queryOptions } from '@tanstack/react-query';
import type { TAddSigningIdentityRequest, TOrganizationConfirmationSent, TOrganizationResponse, TSigningIdentity, TUpdateOrganizationRequest } from '@provenance/contracts';
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

/** Sets the name and the domain (null removes it); a new name or domain drops the verification. */
export function updateOrganization(input: TUpdateOrganizationRequest): Promise<TOrganizationResponse> {
  return apiRequest<TOrganizationResponse>('/account/organization', { method: 'PUT', json: input });
}

/** Mails a single-use confirmation link to an address at the organisation's domain. */
export function requestOrganizationConfirmation(email: string): Promise<TOrganizationConfirmationSent> {
  return apiRequest<TOrganizationConfirmationSent>('/account/organization/confirmation', { method: 'POST', json: { email } });
}

/** Uses the token of a confirmation link: the organisation name becomes verified. */
export function confirmOrganization(token: string): Promise<TOrganizationResponse> {
  return apiRequest<TOrganizationResponse>('/account/organization/confirm', { method: 'POST', json: { token } });
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

/** Removes an identity and its key; removing the active one makes the managed identity active again. Signed files are unaffected. */
export function removeSigningIdentity(id: string): Promise<void> {
  return apiRequest<void>(`/account/signing-identities/${encodeURIComponent(id)}`, { method: 'DELETE' });
}
