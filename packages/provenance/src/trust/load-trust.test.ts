import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { loadTrust, TrustAnchorFileError } from './load-trust.ts';

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
});
