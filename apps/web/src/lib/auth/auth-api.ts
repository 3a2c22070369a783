// Account calls of the server (sign-up and its confirmation, sign-in, sign-out, demo account), each
// updating the session store so every screen sees the change at once.
import type { TDemoAccountResponse, TSession, TSessionResponse, TSignUpResponse } from '@provenance/contracts';
import { request } from '@/lib/http';
import { sessionStore } from './session';

export interface Credentials {
  email: string;
  password: string;
}

export async function signIn(credentials: Credentials): Promise<TSession> {
  const { session } = await request<TSessionResponse>('/auth/sign-in', { json: credentials });
  sessionStore.setSession(session);
  return session;
}

/** Starts a sign-up: the server mails the address a confirmation link (no session yet). */
export function signUp(credentials: Credentials): Promise<TSignUpResponse> {
  return request<TSignUpResponse>('/auth/sign-up', { json: credentials });
}

/** Follows a confirmation link: the account is created and signed in. */
export async function confirmSignUp(token: string): Promise<TSession> {
  const { session } = await request<TSessionResponse>('/auth/confirm-sign-up', { json: { token } });
  sessionStore.setSession(session);
  return session;
}

/** Ends the session on the server, and locally even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  const token = sessionStore.getSession()?.access_token;
  try {
    if (token) await request<void>('/auth/sign-out', { method: 'POST', accessToken: token });
  } finally {
    sessionStore.clear();
  }
}

/** Creates a fresh demo account; the caller signs in with the returned credentials. */
export function createDemoAccount(): Promise<TDemoAccountResponse> {
  return request<TDemoAccountResponse>('/auth/demo', { method: 'POST' });
}
