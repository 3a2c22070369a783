// POST /account/signing-identities: brings a certificate chain and private key (PEM) to sign with.
// It is checked first (400 naming the problem) and becomes the active identity; the key is stored
// sealed and never returned. A signed-in session only (403 for an API key), as every change of who
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
      'The chain is PEM, the signing certificate first. Refused with 400 and a code naming the problem: key_mismatch, expired, not_yet_valid, missing_eku, missing_key_usage, chain_order, ca_leaf, unsupported_algorithm, unreadable_chain, unreadable_key; the same certificate twice is 409 identity_exists (activate the one there is).',
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount, requireSignedInSession] as const,
    request: { body: jsonBody(ZAddSigningIdentityRequest) },
    responses: {
      201: jsonResponse(ZSigningIdentity, 'The identity, now active'),
      ...errorResponses(400, 401, 403, 409),
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
