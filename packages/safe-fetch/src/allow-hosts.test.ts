import { describe, expect, it } from 'vitest';
import { AllowHostError, allowedForPort, parseAllowedHost, parseAllowHosts } from './allow-hosts.ts';

describe('FETCH_ALLOW_HOSTS entries', () => {
  it('reads hosts and addresses, alone or with a port', () => {
    expect(parseAllowedHost('LocalHost')).toEqual({ host: 'localhost', port: null });
    expect(parseAllowedHost('assets.internal:9000')).toEqual({ host: 'assets.internal', port: 9000 });
    expect(parseAllowedHost('10.0.0.5:8080')).toEqual({ host: '10.0.0.5', port: 8080 });
    expect(parseAllowedHost('fd00:0::1')).toEqual({ host: 'fd00::1', port: null });
    expect(parseAllowedHost('[fd00::1]:8443')).toEqual({ host: 'fd00::1', port: 8443 });
    expect(parseAllowedHost('[::1]')).toEqual({ host: '::1', port: null });
  });

  it('lists for a port the hosts allowed on any port and those allowed on that one', () => {
    const entries = ['localhost', '127.0.0.1:3000', '[::1]:4000'].map(parseAllowedHost);
    expect([...allowedForPort(entries, 3000)].sort()).toEqual(['127.0.0.1', 'localhost']);
    expect([...allowedForPort(entries, 4000)].sort()).toEqual(['::1', 'localhost']);
    expect([...allowedForPort(entries, 80)]).toEqual(['localhost']);
  });

  it('reads the comma-separated list, naming an entry that is not a host, address or host:port', () => {
    for (const [entry, why] of [
      ['http://127.0.0.1:3000', /"http:\/\/127\.0\.0\.1:3000" is a URL/],
      ['127.0.0.1:http', /port "http", which is not a number/],
      ['localhost:70000', /port 70000, outside 1-65535/],
      ['[not-v6]:80', /not a valid IPv6 address/],
      ['bad host!', /not a host name or IP address/],
    ] as const) {
      expect(() => parseAllowHosts(`127.0.0.1, ${entry}`)).toThrow(AllowHostError);
      expect(() => parseAllowHosts(`127.0.0.1, ${entry}`)).toThrow(why);
    }
    expect(parseAllowHosts(' 127.0.0.1:3000, ,[::1]:4000 ')).toEqual(['127.0.0.1:3000', '[::1]:4000']);
    expect(parseAllowHosts(undefined)).toEqual([]);
    expect(parseAllowHosts('')).toEqual([]);
  });
});
