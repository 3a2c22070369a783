import { EVIDENCE_ARCHIVE_MEMBERS as MEMBERS, type TTrustSnapshot, type TVerifyResponse } from '@provenance/contracts';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { verifiedResult } from '../test-fixtures';
import { browserEvidenceArchive } from './evidence-archive';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
const snapshot: TTrustSnapshot = {
  id: 'ab'.repeat(32),
  lists: [
    { name: 'C2PA trust list', tier: 'conformant', purpose: 'signers', source: 'https://example.org/list.pem', retrievedAt: '2026-11-20T00:00:00.000Z', sha256: '01'.repeat(32), pems: [PEM] },
    { name: 'C2PA TSA trust list', tier: 'conformant', purpose: 'timestamps', source: null, retrievedAt: null, sha256: '02'.repeat(32), pems: [PEM] },
  ],
};
const withEvidence: TVerifyResponse = {
  ...verifiedResult,
  verification: {
    ...verifiedResult.verification,
    evidence: {
      trustSnapshot: { id: snapshot.id, lists: snapshot.lists.map(({ name, sha256, retrievedAt }) => ({ name, sha256, retrievedAt })) },
      validatedAt: '2026-11-27T10:00:00.000Z',
      revocation: { responder: 'http://ocsp.example/', producedAt: '2026-11-27T10:00:00Z', response: btoa(String.fromCharCode(0x30, 0x03, 0x0a, 0x01, 0x00)) },
    },
  },
};

describe('the evidence archive assembled in the browser', () => {
  it('holds the answer, chain, snapshot, its anchors and the OCSP answer, and says what only the file holds', () => {
    const { bytes, members } = browserEvidenceArchive({ result: withEvidence, snapshot, apiBase: 'https://gateway.example/api/v1', madeAt: new Date('2026-11-28T00:00:00Z') });
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([MEMBERS.readme, MEMBERS.report, MEMBERS.signerChain, MEMBERS.trustAnchors, MEMBERS.tsaTrustAnchors, MEMBERS.trustSnapshot, MEMBERS.ocspResponse].sort());
    expect(members.sort()).toEqual(Object.keys(files).sort());
    expect(JSON.parse(strFromU8(files[MEMBERS.report]!))).toEqual(withEvidence);
    expect(JSON.parse(strFromU8(files[MEMBERS.trustSnapshot]!))).toEqual(snapshot);
    expect(strFromU8(files[MEMBERS.trustAnchors]!)).toBe(`# C2PA trust list (conformant, retrieved 2026-11-20T00:00:00.000Z, from https://example.org/list.pem)\n${PEM}\n`);
    expect([...files[MEMBERS.ocspResponse]!]).toEqual([0x30, 0x03, 0x0a, 0x01, 0x00]);
    const readme = strFromU8(files[MEMBERS.readme]!);
    expect(readme).toContain('Checked on 2026-11-27T10:00:00.000Z against the trust lists of this gateway: C2PA trust list (retrieved 2026-11-20T00:00:00.000Z), C2PA TSA trust list.');
    expect(readme).toMatch(new RegExp(`${MEMBERS.manifestStore.replace('.', '\\.')}\\s+This gateway does not hold the file`));
    expect(readme).toContain(`${MEMBERS.crJson}`);
    expect(readme).toContain(`https://gateway.example/api/v1/verify-content?trustSnapshot=${snapshot.id}&at=2026-11-27T10%3A00%3A00.000Z`);
  });

  it('says a verdict made in the browser records no snapshot, and leaves its anchors out', () => {
    const { members, bytes } = browserEvidenceArchive({ result: verifiedResult, snapshot: null, apiBase: '/api/v1', madeAt: new Date() });
    expect(members.sort()).toEqual([MEMBERS.readme, MEMBERS.report, MEMBERS.signerChain].sort());
    const readme = strFromU8(unzipSync(bytes)[MEMBERS.readme]!);
    expect(readme).toContain('no trust snapshot was recorded');
    expect(readme).toMatch(/trust-snapshot\.json\s+The verdict was made in this browser/);
  });
});
