// Signing of better-auth session tokens, for the access tokens product sessions hand out.
import crypto from 'node:crypto';

/**
 * Signs a better-auth session token the way better-auth signs its session cookie
 * (`<token>.<base64 HMAC-SHA256>`), which is the form its bearer plugin accepts.
 */
export function signSessionToken(token: string, secret: string): string {
  const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
  return `${token}.${signature}`;
}
