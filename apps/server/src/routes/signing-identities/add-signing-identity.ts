// POST /account/signing-identities: brings a certificate chain and private key (PEM) to sign with.
// It is checked first (400 naming the problem), then a test file is signed with it as signing will
// (422 identity_cannot_sign with c2pa-rs's reason when that fails), and it becomes the active
// identity; the answer warns when its root is not on the C2PA trust list. The key is stored sealed
// and never returned. A signed-in session only (403 for an API key), as every change of who
// the account signs as.
import { createRoute } from '@hono/zod-openapi';
import { ZAddSigningIdentityRequest, ZSigningIdentity } from '@provenance/contracts';
import { requireSignedInSession } from '../../middleware/account.ts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';
import { addRemoteIdentity } from './add-remote-identity.ts';

export function registerAddSigningIdentity(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/account/signing-identities',
    tags: ['signing identities'],
    summary: 'Add a signing identity (a certificate chain and its private key); it becomes the active one',
    description:
      'The chain is PEM, the signing certificate first. Refused with 400 and a code naming the problem: key_mismatch, expired, not_yet_valid, missing_eku, missing_key_usage, chain_order, ca_leaf, unsupported_algorithm, unreadable_chain, unreadable_key; the same certificate twice is 409 identity_exists (activate the one there is). A test file is then signed and verified with it exactly as signing will (for a remote identity, after its service proved it holds the key): when c2pa-rs refuses it (a certificate its profile does not accept, such as one without an authority key identifier or with the any-purpose extended key usage), 422 identity_cannot_sign with the failing codes and their meaning, and nothing is stored. warnings says when the root of the chain is not on the C2PA trust list (other validators then show its files as unrecognised, partial).',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZAddSigningIdentityRequest) },
    responses: {
      201: jsonResponse(ZSigningIdentity, 'The identity, now active'),
      ...errorResponses(400, 401, 403, 409, 422),
    },
  });
  api.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const identity = await (body.kind === 'remote'
      ? addRemoteIdentity(ctx, c.var.account.userId, body)
      : ctx.services.signingIdentities.addCertificate(c.var.account.userId, { certificateChain: body.certificateChain, privateKey: body.privateKey }));
    return c.json(ZSigningIdentity.parse(identity), 201);
  });
}
