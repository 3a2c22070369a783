// Whether the sign form must ask for the name to sign under: the account has none yet and its
// signatures come from its managed certificate, which publishes that name (the server refuses such
// a signing without it, 409 organization_required, and never signs under the account's email).
// Once a signing sets it, the organisation query is read again and the question goes away.
import { useQuery } from '@tanstack/react-query';
import { organizationQuery, signingIdentitiesQuery } from '@/lib/api/signing-identities';

export function useSigningNameNeeded(userId: string): boolean {
  const organization = useQuery(organizationQuery(userId));
  const identities = useQuery(signingIdentitiesQuery(userId));
  if (!organization.data || organization.data.isSet) return false;
  // An account signing with its own certificate or service signs under that certificate's name.
  const active = identities.data?.find((identity) => identity.active);
  return !active || active.kind === 'managed';
}
