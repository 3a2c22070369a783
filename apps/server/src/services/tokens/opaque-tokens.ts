// The opaque tokens the server hands out (refresh tokens, API keys): how they are made and the form
// they are stored in. Its own folder because auth, API keys and rate limits all use it, and none of
// them should reach into another's folder for it. The tokens are high-entropy random strings, so a
// plain SHA-256 is the right stored form (no salt or slow hash needed).
import crypto from 'node:crypto';

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
