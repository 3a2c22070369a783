// The account requests the sign-up form, Settings and the support form send (auth.ts, account.ts,
// support.ts): the email and password rules, each message naming its field, and the organisation.
import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequest, ZDeleteAccountRequest, ZUpdateOrganizationRequest } from './account.ts';
import { ZSignInRequest, ZSignUpRequest } from './auth.ts';
import { MIN_PASSWORD_LENGTH } from './common.ts';
import { ZCreateSupportRequest } from './support.ts';
import { refusalOf } from './testing/refusal.ts';

describe('ZSignUpRequest', () => {
  it('takes an address, trimmed, and a password of the minimum length', () => {
    expect(ZSignUpRequest.parse({ email: ' ada@example.com ', password: 'secret-123' })).toEqual({ email: 'ada@example.com', password: 'secret-123' });
    expect(refusalOf(ZSignUpRequest, { email: 'ada@example.com', password: 'a1b2c3'.slice(0, MIN_PASSWORD_LENGTH) })).toBeNull();
  });

  it('names what is wrong with the address', () => {
    expect(refusalOf(ZSignUpRequest, { password: 'secret-123' })).toEqual({ field: 'email', message: 'Email is required' });
    expect(refusalOf(ZSignUpRequest, { email: 'ada', password: 'secret-123' })).toEqual({ field: 'email', message: 'Email must be a valid email address' });
    expect(refusalOf(ZSignUpRequest, { email: `${'a'.repeat(250)}@x.io`, password: 'secret-123' })).toEqual({ field: 'email', message: 'Email must be at most 254 characters' });
  });

  it('refuses a short password and one made long by padding', () => {
    expect(refusalOf(ZSignUpRequest, { email: 'ada@example.com', password: 'abc' })).toEqual({ field: 'password', message: 'Password must be at least 6 characters' });
    expect(refusalOf(ZSignUpRequest, { email: 'ada@example.com', password: '      ' })).toEqual({ field: 'password', message: 'Password must not be only spaces' });
    expect(refusalOf(ZSignUpRequest, { email: 'ada@example.com', password: 'aaaaaaaa' })).toEqual({ field: 'password', message: 'Password must not be one character repeated' });
    expect(refusalOf(ZSignUpRequest, { email: 'ada@example.com', password: 'x'.repeat(129) })).toEqual({ field: 'password', message: 'Password must be at most 128 characters' });
  });
});

describe('ZSignInRequest', () => {
  it('checks only presence and length: a password chosen under older rules still signs in', () => {
    expect(refusalOf(ZSignInRequest, { email: 'ada@example.com', password: 'abc' })).toBeNull();
    expect(refusalOf(ZSignInRequest, { email: 'ada@example.com', password: '' })).toEqual({ field: 'password', message: 'Password is required' });
  });
});

describe('Settings', () => {
  it('names the new password as such', () => {
    expect(refusalOf(ZChangePasswordRequest, { currentPassword: 'old-secret', newPassword: 'abc' })).toEqual({ field: 'newPassword', message: 'New password must be at least 6 characters' });
    expect(refusalOf(ZChangePasswordRequest, { newPassword: 'new-secret-1' })).toEqual({ field: 'currentPassword', message: 'Current password is required' });
  });

  it('deletes an account only when told so in words', () => {
    expect(refusalOf(ZDeleteAccountRequest, { confirm: false, currentPassword: 'secret-123' })).toEqual({ field: 'confirm', message: 'Confirm must be true to delete the account' });
  });

  it('takes an organisation name and a domain, lower-cased; null removes the domain', () => {
    expect(ZUpdateOrganizationRequest.parse({ name: ' Reuters ', domain: 'Reuters.COM' })).toEqual({ name: 'Reuters', domain: 'reuters.com' });
    expect(ZUpdateOrganizationRequest.parse({ name: 'Reuters', domain: null })).toEqual({ name: 'Reuters', domain: null });
    expect(refusalOf(ZUpdateOrganizationRequest, { name: '' })).toEqual({ field: 'name', message: 'name must not be empty: give the name to sign under' });
    expect(refusalOf(ZUpdateOrganizationRequest, { name: 'Reuters', domain: 'https://reuters.com' })).toEqual({ field: 'domain', message: 'domain must be a domain name such as example.com' });
  });

  it('holds a support message to 10,000 characters', () => {
    const request = { name: 'Ada', email: 'ada@example.com', subject: 'Help', message: 'x'.repeat(10_000) };
    expect(refusalOf(ZCreateSupportRequest, request)).toBeNull();
    expect(refusalOf(ZCreateSupportRequest, { ...request, message: 'x'.repeat(10_001) })).toEqual({ field: 'message', message: 'Message must be at most 10000 characters' });
  });
});
