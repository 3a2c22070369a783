import type { SerializedVerification } from '@provenance/engine';
import { describe, expect, it } from 'vitest';
import { createVerificationCache } from './verification-cache.ts';

const response = (status: SerializedVerification['status']): SerializedVerification => ({ json: JSON.stringify({ verification: { status }, badge: { message: status }, report: {} }), status, reason: status, manifestId: null, trustLabel: 'Not signed', organization: null });

describe('verification cache', () => {
  it('returns what was stored until it expires', () => {
    let clock = 0;
    const cache = createVerificationCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 100, clock: () => clock });
    cache.set('a', response('verified'));
    expect(cache.get('a')?.status).toBe('verified');
    clock = 150;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('ends an entry at the time given with it (the OCSP answer a verdict rests on), never later than its own', () => {
    let clock = 0;
    const cache = createVerificationCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 100, clock: () => clock });
    cache.set('ocsp', response('verified'), 40);
    cache.set('late', response('verified'), 500);
    cache.set('now', response('verified'), 0);
    expect(cache.get('now')).toBeUndefined();
    clock = 50;
    expect(cache.get('ocsp')).toBeUndefined();
    expect(cache.get('late')).toBeDefined();
    clock = 150;
    expect(cache.get('late')).toBeUndefined();
  });

  it('ends an entry when the earliest certificate of its chains ends, whatever else was given', () => {
    let clock = 0;
    const cache = createVerificationCache({ maxEntries: 10, maxBytes: 10_000, ttlMs: 100, clock: () => clock });
    cache.set('expiring', { ...response('verified'), certificatesEnd: 30 }, 60);
    cache.set('expired', { ...response('verified'), certificatesEnd: 0 });
    expect(cache.get('expired')).toBeUndefined();
    clock = 29;
    expect(cache.get('expiring')).toBeDefined();
    clock = 30;
    expect(cache.get('expiring')).toBeUndefined();
  });

  it('drops the least recently used entry past its bounds', () => {
    const cache = createVerificationCache({ maxEntries: 2, maxBytes: 10_000, ttlMs: 60_000 });
    cache.set('a', response('verified'));
    cache.set('b', response('partial'));
    cache.get('a');
    cache.set('c', response('invalid'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('holds no more bytes than allowed', () => {
    const cache = createVerificationCache({ maxEntries: 100, maxBytes: 200, ttlMs: 60_000 });
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, response('verified'));
    expect(cache.size).toBeLessThan(5);
    expect(cache.get('e')).toBeDefined();
  });
});
