// The whole database schema, one module per domain; the Db type, the migrations and better-auth's
// adapter all read it from here.
export * from './accounts.ts';
export * from './analytics-events.ts';
export * from './gateway-certificates.ts';
export * from './manifest-index.ts';
export * from './rate-limits.ts';
export * from './signed-assets.ts';
export * from './signing-identities.ts';
export * from './support-requests.ts';
export * from './verification-events.ts';
export * from './gateway-pki.ts';
export * from './email.ts';
export * from './webhooks.ts';
export * from './jobs.ts';
export * from './trust-snapshots.ts';
