import { describe, expect, it } from 'vitest';
import { clientIdentity } from './client-identity.ts';

describe('clientIdentity', () => {
  it('counts a signed-in caller or API key as its account, wherever it calls from', () => {
    expect(clientIdentity({ userId: 'user-1', ip: '203.0.113.5' })).toBe('account:user-1');
    expect(clientIdentity({ userId: 'user-1', ip: '198.51.100.9' })).toBe('account:user-1');
  });

  it('counts anonymous callers by address, IPv6 per /64 and IPv4-mapped IPv6 as IPv4', () => {
    expect(clientIdentity({ ip: '203.0.113.5' })).toBe('ip:203.0.113.5');
    expect(clientIdentity({ ip: '::ffff:203.0.113.5' })).toBe('ip:203.0.113.5');
    expect(clientIdentity({ ip: '2001:db8:1:2::1' })).toBe(clientIdentity({ ip: '2001:db8:1:2:ffff:1:2:3' }));
    expect(clientIdentity({ ip: '2001:db8:1:2::1' })).not.toBe(clientIdentity({ ip: '2001:db8:1:3::1' }));
    expect(clientIdentity({ ip: 'unknown' })).toBe('ip:unknown');
  });
});
