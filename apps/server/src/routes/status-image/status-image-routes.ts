// GET /badge/{manifestId}.svg: a small status image for READMEs and CMSs, from a fresh verification
// of the signed asset we hold. Its URL says "badge" (kept for the pages that embed it); in the code
// it is the status image, and "badge" is the embeddable <content-credentials> badge (packages/badge).
import { createRoute, z } from '@hono/zod-openapi';
import type { TTrustVerdict, TVerificationStatus } from '@provenance/contracts';
import { DomainError } from '../../services/domain-error.ts';
import { errorResponses } from '../openapi-responses.ts';
import type { ApiApp, RouteContext } from '../route-context.ts';

const LOOK: Record<TVerificationStatus | 'not_found', { label: string; color: string }> = {
  verified: { label: 'verified', color: '#15803d' },
  partial: { label: 'partial', color: '#b45309' },
  invalid: { label: 'invalid', color: '#b91c1c' },
  unsigned: { label: 'unsigned', color: '#6b7280' },
  not_found: { label: 'not found', color: '#6b7280' },
};

/** Text width estimate for Verdana 11px, as shields-style status images do, so the pill fits its words. */
const textWidth = (text: string) => Math.round(text.length * 6.6 + 12);

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The status image for a verdict. `trust`: a file verified under this gateway's own root is on no public
 * trust list, and its pill says whose word it is; its title carries who vouches in the report's words.
 */
export function statusImageSvg(status: TVerificationStatus | 'not_found', trust?: Pick<TTrustVerdict, 'tier' | 'label'>): string {
  const look = LOOK[status];
  const label = status === 'verified' && trust?.tier === 'gateway' ? 'verified by this gateway' : look.label;
  const color = look.color;
  const left = 'Content Credentials';
  const title = `${left}: ${label}${trust && status !== 'unsigned' ? ` — ${escapeXml(trust.label)}` : ''}`;
  const leftWidth = textWidth(left) + 14;
  const rightWidth = textWidth(label);
  const width = leftWidth + rightWidth;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${left}: ${label}"><title>${title}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${leftWidth}" height="20" fill="#1e3a8a"/><rect x="${leftWidth}" width="${rightWidth}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"><text x="${(leftWidth + 10) / 2}" y="14">${left}</text><text x="${leftWidth + rightWidth / 2}" y="14">${label}</text></g><g fill="#fff"><circle cx="9" cy="10" r="5.5" fill="none" stroke="#fff" stroke-width="1.2"/><text x="9" y="13" font-family="Verdana,sans-serif" font-size="7" text-anchor="middle">cr</text></g></svg>`;
}

export function registerStatusImageRoutes(api: ApiApp, ctx: RouteContext): void {
  const route = createRoute({
    method: 'get',
    path: '/badge/{file}',
    tags: ['verify'],
    summary: 'A status badge image for a manifest: GET /badge/{manifestId}.svg',
    middleware: [ctx.clientLimit('statusImage')] as const,
    request: { params: z.object({ file: z.string().regex(/\.svg$/, 'the badge is {manifestId}.svg').openapi({ example: 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f.svg' }) }) },
    responses: { 200: { description: 'An SVG badge', content: { 'image/svg+xml': { schema: z.string() } } }, 404: { description: 'No such manifest (the badge says so)', content: { 'image/svg+xml': { schema: z.string() } } }, ...errorResponses(429) },
  });
  api.openapi(route, async (c) => {
    const manifestId = c.req.valid('param').file.replace(/\.svg$/, '');
    const headers = { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=300' };
    try {
      const response = await ctx.services.verifier.verifyStored(manifestId);
      return c.body(statusImageSvg(response.verification.status, response.verification.trust), 200, headers);
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return c.body(statusImageSvg('not_found'), 404, headers);
      throw error;
    }
  });
}
