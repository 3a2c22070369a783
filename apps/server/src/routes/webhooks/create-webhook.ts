// POST /webhooks: registers an endpoint for some of the account's events; the answer is the only
// time its signing secret is shown.
import { createRoute } from '@hono/zod-openapi';
import { ZCreatedWebhook, ZCreateWebhookRequest } from '@provenance/contracts';
import { errorResponses, jsonBody, jsonResponse } from '../openapi-responses.ts';
import { BEARER_SECURITY, type ApiApp, type RouteContext } from '../route-context.ts';

export function registerCreateWebhook(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'post',
    path: '/webhooks',
    tags: ['webhooks'],
    summary: 'Register a webhook endpoint (its secret is shown once)',
    description:
      "Deliveries are POSTed as the Standard Webhooks specification says: headers webhook-id (the same on every attempt of one message), webhook-timestamp (seconds) and webhook-signature (`v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the secret), body {type, timestamp, data}. A 2xx answer delivers it; anything else is retried with exponential backoff (9 attempts, the last 21 to 42 minutes after the first). http and https URLs; an address the gateway never fetches (loopback, private, link-local...) is refused with 400 `webhook_url_refused` naming the rule, and a host name is checked again at each delivery. At most 20 endpoints per account (409 `webhook_limit`). The data of asset.signed: assetId, manifestId, mime, title, signedAt, sidecar, signedAssetUrl; of verification.failed (content the account signed failed a verification on this gateway, by anyone): manifestId, assetId, title, status, reason, failureCodes, source (url, upload, manifest), sourceUrl, referrer, verificationId, verifiedAt; of job.completed: id, type, status, total, done, failed, createdAt, completedAt; of identity.reissued (the account's managed certificate replaced by a new one): identityId, previousIdentityId, reason (organization_changed, renewal, revoked, document_signing_missing), subject, serialNumber, notAfter; of webhook.test: webhookId, message.",
    security: BEARER_SECURITY,
    middleware: [ctx.requireAccount] as const,
    request: { body: jsonBody(ZCreateWebhookRequest) },
    responses: { 201: jsonResponse(ZCreatedWebhook, 'The endpoint, with its secret (shown this once)'), ...errorResponses(400, 401, 409) },
  });
  api.openapi(route, async (c) => c.json(ZCreatedWebhook.parse(await ctx.services.webhooks.register(c.var.account.userId, c.req.valid('json'))), 201));
}
