// Public surface of the contracts: zod schemas (Z...) and their inferred types (T...).
export * from './errors.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './account.ts';
export * from './signing-identities.ts';
export * from './support.ts';
export * from './verify.ts';
export * from './verify-request.ts';
export * from './sign.ts';
export * from './asset-timestamp.ts';
export * from './transform.ts';
export * from './analytics.ts';
export * from './trust.ts';
export * from './sbr.ts';
export * from './jobs.ts';
export * from './webhooks.ts';
export * from './claim-signer.ts';
