// /account: the signed-in user's email, password and the account itself. An email change and a
// deletion send the current password, which the server checks again.
import type { TChangePasswordRequest, TDeleteAccountRequest, TUpdateEmailRequest, TUser, TUserResponse } from '@provenance/contracts';
import { apiRequest } from './client';

export async function updateEmail(input: TUpdateEmailRequest): Promise<TUser> {
  const { user } = await apiRequest<TUserResponse>('/account/email', { method: 'PATCH', json: input });
  return user;
}

export function changePassword(input: TChangePasswordRequest): Promise<void> {
  return apiRequest<void>('/account/password', { method: 'POST', json: input });
}

export function deleteAccount(currentPassword: string): Promise<void> {
  const body: TDeleteAccountRequest = { confirm: true, currentPassword };
  return apiRequest<void>('/account', { method: 'DELETE', json: body });
}
