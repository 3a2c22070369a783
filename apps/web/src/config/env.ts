// Build-time configuration of the web app, validated once with zod so a bad value fails loudly at
// start rather than as a broken link later. Every value has a safe default for `npm start`.
// zod/mini keeps this out of the first screen's weight (it loads before anything renders).
import * as z from 'zod/mini';

const ZEnv = z.object({
  /** Where the API lives; same-origin by default because the server serves this app. */
  VITE_API_BASE_URL: z._default(z.string().check(z.minLength(1)), '/api/v1'),
  /** Mailboxes shown on the Support, Privacy and Terms pages; set them per deployment. */
  VITE_SUPPORT_EMAIL: z._default(z.email(), 'support@provenance-gateway.example'),
  VITE_PRIVACY_EMAIL: z._default(z.email(), 'privacy@provenance-gateway.example'),
  VITE_DPO_EMAIL: z._default(z.email(), 'dpo@provenance-gateway.example'),
  VITE_LEGAL_EMAIL: z._default(z.email(), 'legal@provenance-gateway.example'),
});

export type Env = z.infer<typeof ZEnv>;

export function parseEnv(source: Record<string, unknown>): Env {
  // Vite leaves unset variables undefined, but an empty string in a .env file means "unset" too.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  return ZEnv.parse(cleaned);
}

export const env: Env = parseEnv(import.meta.env);
