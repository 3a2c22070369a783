// Hashing and signing of the opaque tokens the server hands out. Refresh tokens and API keys are
// high-entropy random strings, so a plain SHA-256 is the right stored form (no salt or slow hash needed).
import crypto from 'node:crypto';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/**
 * Signs a better-auth session token the way better-auth signs its session cookie
 * (`<token>.<base64 HMAC-SHA256>`), which is the form its bearer plugin accepts.
 */
export function signSessionToken(token: string, secret: string): string {
  const signature = crypto.createHmac('sha256', secret).update(token).digest('base64');
  return `${token}.${signature}`;
}
