// Authentication contract: sign-up and its confirmation, sign-in, refresh, sign-out, current user and demo accounts
//. A session carries an access token, a refresh token and an expiry.
import { z } from '@hono/zod-openapi';
import { rejectNul, ZEmail, ZNewPassword } from './common.ts';

export const ZUser = z
  .object({
    id: z.string().openapi({ example: 'b8Zk3cQ1sX0oVv9tYwq2m1aF4nR7pL6e' }),
    email: z.string().openapi({ example: 'ada@example.com' }),
    is_demo: z.boolean(),
  })
  .openapi('User');
export type TUser = z.infer<typeof ZUser>;

export const ZSession = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    expires_at: z.number().int().openapi({ description: 'Unix seconds when the access token expires' }),
    user: ZUser,
  })
  .openapi('Session');
export type TSession = z.infer<typeof ZSession>;

export const ZSessionResponse = z.object({ session: ZSession }).openapi('SessionResponse');
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZSignUpRequest = z
  .object({ email: ZEmail, password: ZNewPassword })
  .openapi('SignUpRequest');
export type TSignUpRequest = z.infer<typeof ZSignUpRequest>;

/**
 * The one answer to every accepted sign-up, whether the address is new or already has an account:
 * a new address is sent a confirmation link, an address with an account a notice, so the answer
 * never says which.
 */
export const ZSignUpResponse = z
  .object({ status: z.literal('confirmation_sent').openapi({ description: 'A mail went to the address: a confirmation link, or a notice when it already has an account' }) })
  .openapi('SignUpResponse');
export type TSignUpResponse = z.infer<typeof ZSignUpResponse>;

export const ZConfirmSignUpRequest = z
  .object({ token: rejectNul(z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(200, 'token must be at most 200 characters'), 'token') })
  .openapi('ConfirmSignUpRequest');
export type TConfirmSignUpRequest = z.infer<typeof ZConfirmSignUpRequest>;

export const ZSignInRequest = z
  .object({
    email: rejectNul(z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254, 'Email must be at most 254 characters'), 'Email'),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
  })
  .openapi('SignInRequest');
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

export const ZRefreshRequest = z
  .object({ refresh_token: z.string({ error: 'Refresh token is required' }).min(1, 'Refresh token is required').max(512, 'Refresh token is too long') })
  .openapi('RefreshRequest');
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;

export const ZUserResponse = z.object({ user: ZUser }).openapi('UserResponse');
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZDemoAccountResponse = z
  .object({
    email: z.string().openapi({ example: 'demo-1763735886000-k3j9@demo.provenance.local' }),
    password: z.string(),
    user: ZUser,
  })
  .openapi('DemoAccountResponse');
export type TDemoAccountResponse = z.infer<typeof ZDemoAccountResponse>;
