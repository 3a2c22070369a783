import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('fills safe defaults, treating empty values as unset', () => {
    const env = parseEnv({ VITE_SUPPORT_EMAIL: '' });
    expect(env.VITE_API_BASE_URL).toBe('/api/v1');
    expect(env.VITE_SUPPORT_EMAIL).toMatch(/^support@/);
  });

  it('refuses a mailbox that is not an email address', () => {
    expect(() => parseEnv({ VITE_SUPPORT_EMAIL: 'not-an-email' })).toThrow();
  });
});
