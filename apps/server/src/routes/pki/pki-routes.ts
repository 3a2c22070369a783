// The gateway CA's revocation services (public, as validators anywhere must reach them): OCSP
// (RFC 6960) by POST and by GET (appendix A.1: the base64 of the DER request in the path), and the
// intermediate's CRL and its certificate (DER, at the caIssuers address the development product
// certificate's AIA names). The certificates it issues name this responder in their AIA. OCSP requests
// count against their client's share (20 in progress; the limit is decided from the headers, before
// the body is read) and may ask about at most 20 certificates each. And which claim signer signs
// this installation's claims (Settings shows it).
import { createRoute, z } from '@hono/zod-openapi';
import { ZClaimSigner } from '@provenance/contracts';
import type { Context } from 'hono';
import { ApiError } from '../../http/api-error.ts';
import { uploadBodyOf } from '../../http/request-body.ts';
import { REVOCATION_ANSWER_VALIDITY_MS } from '../../services/pki/gateway-certificate-authority.ts';
import { errorResponses, jsonResponse } from '../openapi-responses.ts';
import type { ApiApp, ApiEnv, RouteContext } from '../route-context.ts';

const TAGS = ['pki'];
/**
 * An OCSP request names a handful of certificates: 20 under SHA-512 with a nonce is about 3.5 kB.
 * Larger bodies are refused before they are parsed, which costs more the more they name.
 */
const MAX_OCSP_REQUEST_BYTES = 8 * 1024;
const OCSP_RESPONSE = { 'application/ocsp-response': { schema: z.string().openapi({ format: 'binary' }) } };
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const CACHE_SECONDS = Math.floor(REVOCATION_ANSWER_VALIDITY_MS / 1000);

export function registerPkiRoutes(api: ApiApp, ctx: RouteContext): void {
  const authority = () => ctx.services.certificateAuthority;
  const answer = async <E extends ApiEnv>(c: Context<E>, requestDer: Uint8Array, cacheable: boolean) => {
    const response = await authority().answerOcsp(requestDer);
    // A POST answer echoes its nonce and is not reused; a GET one may be cached like the CRL.
    return c.body(new Uint8Array(response), 200, { 'content-type': 'application/ocsp-response', 'cache-control': cacheable ? `public, max-age=${CACHE_SECONDS}` : 'no-store' });
  };

  api.openapi(
    createRoute({
      method: 'post',
      path: '/pki/ocsp',
      tags: TAGS,
      summary: "OCSP responder (RFC 6960) for the certificates the gateway's intermediate CA issued",
      description:
        'Send a DER OCSPRequest. Each certificate asked about is answered good, revoked (with its time and reason) or unknown (not issued by this gateway), in a BasicOCSPResponse signed by the intermediate CA; a request nonce is echoed.',
      middleware: [ctx.clientLimit('ocsp')] as const,
      request: { body: { content: { 'application/ocsp-request': { schema: z.string().openapi({ format: 'binary' }) } }, required: true } },
      responses: { 200: { description: 'A DER OCSPResponse (malformedRequest for a body that is not an OCSP request)', content: OCSP_RESPONSE }, ...errorResponses(400, 413, 422, 429) },
    }),
    async (c) => {
      const file = await ctx.uploads.readBody(uploadBodyOf(c), { maxFileBytes: MAX_OCSP_REQUEST_BYTES });
      if (!file) throw ApiError.validation('The request body is empty: send a DER OCSP request');
      try {
        return await file.withBytes((bytes) => answer(c, bytes, false));
      } finally {
        await file.discard();
      }
    },
  );

  // The base64 may hold '/', so the path parameter takes the rest of the path; documented below.
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/pki/ocsp/{request}',
    tags: TAGS,
    summary: 'OCSP responder by GET (RFC 6960 appendix A.1)',
    request: { params: z.object({ request: z.string().openapi({ description: 'The URL-encoded base64 of a DER OCSPRequest' }) }) },
    responses: { 200: { description: 'A DER OCSPResponse', content: OCSP_RESPONSE }, ...errorResponses(400, 413, 422, 429) },
  });
  api.get('/pki/ocsp/:request{.+}', ctx.clientLimit('ocsp'), async (c) => {
    // Hono has already URL-decoded the parameter; what is left must be base64.
    const encoded = c.req.param('request');
    if (encoded.length > (MAX_OCSP_REQUEST_BYTES * 4) / 3) throw new ApiError(413, 'payload_too_large', 'The OCSP request is too large');
    if (!BASE64.test(encoded)) throw ApiError.validation('request: the path must be the URL-encoded base64 of a DER OCSP request');
    return answer(c, new Uint8Array(Buffer.from(encoded, 'base64')), true);
  });

  api.openapi(
    createRoute({
      method: 'get',
      path: '/pki/crl',
      tags: TAGS,
      summary: "The intermediate CA's certificate revocation list (DER)",
      description: 'Every certificate the gateway revoked, with time and reason, signed by the intermediate CA; nextUpdate says when to fetch it again.',
      responses: { 200: { description: 'A DER X.509 CRL', content: { 'application/pkix-crl': { schema: z.string().openapi({ format: 'binary' }) } } } },
    }),
    async (c) => c.body(new Uint8Array(await authority().crl()), 200, { 'content-type': 'application/pkix-crl', 'cache-control': `public, max-age=${CACHE_SECONDS}` }),
  );

  api.openapi(
    createRoute({
      method: 'get',
      path: '/pki/intermediate.cer',
      tags: TAGS,
      summary: "The intermediate CA's certificate (DER): the issuer of every certificate the gateway issues",
      description: 'The address the development product certificate names in its Authority Information Access (caIssuers, RFC 5280 §4.2.2.1): a validator holding the leaf alone finds its issuer here.',
      responses: { 200: { description: 'A DER X.509 certificate', content: { 'application/pkix-cert': { schema: z.string().openapi({ format: 'binary' }) } } } },
    }),
    async (c) => c.body(new Uint8Array(await authority().issuerCertificate()), 200, { 'content-type': 'application/pkix-cert', 'cache-control': `public, max-age=${CACHE_SECONDS}` }),
  );

  api.openapi(
    createRoute({
      method: 'get',
      path: '/pki/claim-signer',
      tags: TAGS,
      summary: 'The claim signer in force: who signs the claims this gateway makes, and what other validators will make of it',
      description: 'The certificate every claim is signed with (CLAIM_SIGNER, or the development product certificate from the gateway’s own CA), whether its root is on the C2PA trust list, and a sentence saying so.',
      responses: { 200: jsonResponse(ZClaimSigner, 'The claim signer in force') },
    }),
    async (c) => {
      c.header('cache-control', 'no-cache');
      return c.json(await ctx.services.claimSigner.describe(), 200);
    },
  );
}
