import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { checkTrustListText, lastGoodCopy, officialLists, readSavedList, saveList, TrustListTextError } from './saved-lists.ts';

let dir: string;
let pki: LocalPki;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pg-saved-lists-'));
  ({ pki } = await ensureLocalPki(join(dir, 'pki')));
});

describe('saved trust lists', () => {
  it('refuses text that is not at least one certificate', () => {
    expect(checkTrustListText(pki.rootCertificatePem)).toBe(1);
    expect(() => checkTrustListText('<html>Service unavailable</html>')).toThrow(TrustListTextError);
    expect(() => checkTrustListText('-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n')).toThrow(/not a certificate/);
  });

  it('keeps the last good copy with its source and time, and never saves a bad one', async () => {
    const saved = join(dir, 'trust-lists');
    await saveList(saved, { name: 'interim', source: 'https://lists.example.org/interim.pem', pem: pki.rootCertificatePem, retrievedAt: '2026-11-20T10:00:00.000Z' });
    await expect(saveList(saved, { name: 'interim', source: 'https://lists.example.org/interim.pem', pem: '', retrievedAt: '2026-11-21T10:00:00.000Z' })).rejects.toBeInstanceOf(TrustListTextError);
    expect(await readSavedList(saved, 'interim')).toEqual({ name: 'interim', source: 'https://lists.example.org/interim.pem', pem: pki.rootCertificatePem, retrievedAt: '2026-11-20T10:00:00.000Z' });
    expect(await readSavedList(saved, 'other')).toBeNull();
  });

  it('prefers a saved official list newer than the bundled copy, and ignores one saved from another URL', async () => {
    const saved = join(dir, 'official');
    const [official] = officialLists();
    expect(official!.url).toMatch(/^https:\/\//);
    expect((await lastGoodCopy(saved, official!))?.pem).toBe(official!.bundled?.pem);
    await saveList(saved, { name: official!.name, source: official!.url, pem: pki.rootCertificatePem, retrievedAt: '2099-01-01T00:00:00.000Z' });
    expect((await lastGoodCopy(saved, official!))?.pem).toBe(pki.rootCertificatePem);
    expect((await lastGoodCopy(saved, { ...official!, url: 'https://mirror.example.org/list.pem' }))?.pem).toBe(official!.bundled?.pem);
  });
});
