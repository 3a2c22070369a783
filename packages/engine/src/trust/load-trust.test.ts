import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { loadTrust, TrustAnchorFileError } from './load-trust.ts';
import { parseTrustListSetting, TrustListSettingError } from './trust-list-setting.ts';

let dir: string;
let pki: LocalPki;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pg-load-trust-'));
  ({ pki } = await ensureLocalPki(join(dir, 'pki')));
});

describe('loadTrust', () => {
  it('trusts the local root and the named files, once each', async () => {
    const file = join(dir, 'anchors.pem');
    writeFileSync(file, pki.rootCertificatePem);
    const { trust, anchorPems } = await loadTrust({ anchorFiles: [file], localRootPem: pki.rootCertificatePem });
    expect(anchorPems).toHaveLength(2);
    expect(trust.anchors).toHaveLength(1);
  });

  it('trusts nothing without sources', async () => {
    const { trust } = await loadTrust({ anchorFiles: [] });
    expect(trust.anchors).toHaveLength(0);
  });

  it('names a file it cannot read, and one that holds no certificate', async () => {
    const missing = join(dir, 'missing.pem');
    await expect(loadTrust({ anchorFiles: [missing] })).rejects.toMatchObject({ name: 'TrustAnchorFileError', file: missing, reason: 'unreadable' });
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n');
    const refused = await loadTrust({ anchorFiles: [junk] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TrustAnchorFileError);
    expect(refused).toMatchObject({ file: junk, reason: 'not_certificate' });
  });

  it('builds one store of the bundled lists, the gateway root, TRUST_LISTS and TRUST_ANCHORS, each with its tier', async () => {
    const file = join(dir, 'newsroom.pem');
    writeFileSync(file, pki.rootCertificatePem);
    const served = new Map([['https://lists.example.org/interim.pem', pki.rootCertificatePem]]);
    const { trust } = await loadTrust({
      anchorFiles: [file],
      localRootPem: pki.rootCertificatePem,
      bundledLists: true,
      lists: parseTrustListSetting(`interim:legacy=https://lists.example.org/interim.pem, partners=${file}`),
      fetchList: async (url) => served.get(url) ?? Promise.reject(new Error('not served')),
    });
    expect(trust.lists.map((list) => [list.name, list.tier])).toEqual([
      ['C2PA trust list', 'conformant'],
      ['C2PA TSA trust list', 'conformant'],
      ['gateway root', 'gateway'],
      ['interim', 'legacy'],
      ['partners', 'custom'],
      ['newsroom.pem', 'custom'],
    ]);
  });

  it('refuses a URL list without a fetcher, naming the list', async () => {
    await expect(loadTrust({ anchorFiles: [], lists: parseTrustListSetting('interim:legacy=https://lists.example.org/interim.pem') })).rejects.toMatchObject({
      list: 'interim',
      reason: 'unreadable',
    });
  });
});

describe('TRUST_LISTS', () => {
  it('reads name=URL-or-file as custom and name:legacy=... as legacy', () => {
    expect(parseTrustListSetting(' a=/x.pem ,b:legacy=https://e.org/l.pem,')).toEqual([
      { name: 'a', tier: 'custom', location: '/x.pem' },
      { name: 'b', tier: 'legacy', location: 'https://e.org/l.pem' },
    ]);
    expect(parseTrustListSetting(undefined)).toEqual([]);
  });

  it('refuses entries without a name or location, and a name used twice', () => {
    expect(() => parseTrustListSetting('/x.pem')).toThrow(TrustListSettingError);
    expect(() => parseTrustListSetting('a=/x.pem,a=/y.pem')).toThrow(/used twice/);
  });
});
