// The answer of the /account/organization routes: the organisation view as the contract shapes it.
import { ZOrganizationResponse, type TOrganizationResponse } from '@provenance/contracts';
import type { OrganizationView } from '../../services/signing-identities/signing-identities.ts';

export function organizationAnswer(view: OrganizationView): TOrganizationResponse {
  return ZOrganizationResponse.parse({ ...view, verifiedAt: view.verifiedAt?.toISOString() ?? null });
}
