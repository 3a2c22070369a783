// The verification contract from a client's side: the three requests POST /verify-content takes as
// JSON, the declared time and trust snapshot it checks, and the answer's shape for the verdicts a
// client shows (an unsigned file, a verified one with an edit history of ingredients).
import { describe, expect, it } from 'vitest';
import { refusalOf } from './testing/refusal.ts';
import { ZSha256Hex, ZTrustSnapshotId, ZValidationTime, ZVerifyContentRequest } from './verify-request.ts';
import { ZVerifyResponse, type TVerifyResponse } from './verify.ts';

const manifestId = 'urn:c2pa:5f0c6d35-9b0b-4d7e-bb3a-2f0c3c1d2e4f';

describe('ZVerifyContentRequest', () => {
  it('takes a URL, a manifest ID, or both for a badge media check', () => {
    expect(ZVerifyContentRequest.parse({ assetUrl: 'https://example.org/a.jpg', at: '2045-01-01T00:00:00Z' })).toEqual({ assetUrl: 'https://example.org/a.jpg', at: '2045-01-01T00:00:00Z' });
    expect(ZVerifyContentRequest.parse({ manifestId })).toEqual({ manifestId });
    const sha = 'ab'.repeat(32);
    expect(ZVerifyContentRequest.parse({ manifestId, assetUrl: 'https://example.org/a.jpg', assetSha256: sha })).toEqual({ manifestId, assetUrl: 'https://example.org/a.jpg', assetSha256: sha });
  });

  it('refuses a request that names neither, or a field no form of it takes', () => {
    expect(ZVerifyContentRequest.safeParse({}).success).toBe(false);
    expect(ZVerifyContentRequest.safeParse({ assetUrl: 'https://example.org/a.jpg', creator: 'Ada' }).success).toBe(false);
    // A media check is a question about the media now: it takes no declared time.
    expect(ZVerifyContentRequest.safeParse({ manifestId, assetUrl: 'https://example.org/a.jpg', at: '2045-01-01T00:00:00Z' }).success).toBe(false);
  });

  it('refuses an asset URL over 2048 characters or holding NUL', () => {
    expect(ZVerifyContentRequest.safeParse({ assetUrl: `https://example.org/${'a'.repeat(2048)}` }).success).toBe(false);
    expect(ZVerifyContentRequest.safeParse({ assetUrl: 'https://example.org/a\u0000.jpg' }).success).toBe(false);
  });
});

describe('the declared time (at) and trust snapshot', () => {
  it('takes an ISO 8601 instant with a zone between 1990 and 2200', () => {
    expect(refusalOf(ZValidationTime, '2045-01-01T00:00:00Z')).toBeNull();
    expect(refusalOf(ZValidationTime, '2045-01-01T01:00:00+01:00')).toBeNull();
    expect(refusalOf(ZValidationTime, '2045-01-01T00:00:00')?.message).toBe('at must be an ISO 8601 date-time with a time zone, such as 2045-01-01T00:00:00Z');
    expect(refusalOf(ZValidationTime, '1989-12-31T23:59:59Z')?.message).toBe('at must lie between 1990-01-01T00:00:00Z and 2200-01-01T00:00:00Z');
    expect(refusalOf(ZValidationTime, '2200-01-01T00:00:01Z')?.message).toBe('at must lie between 1990-01-01T00:00:00Z and 2200-01-01T00:00:00Z');
  });

  it('takes a snapshot ID only as an answer gives it: 64 lowercase hex characters', () => {
    expect(refusalOf(ZTrustSnapshotId, 'a'.repeat(64))).toBeNull();
    expect(refusalOf(ZTrustSnapshotId, 'A'.repeat(64))?.message).toMatch(/^trustSnapshot must be a trust snapshot ID/);
    expect(refusalOf(ZTrustSnapshotId, 'a'.repeat(63))?.message).toMatch(/^trustSnapshot must be a trust snapshot ID/);
  });

  it('takes a SHA-256 in either case for a lookup by hash', () => {
    expect(refusalOf(ZSha256Hex, 'AB'.repeat(32))).toBeNull();
    expect(refusalOf(ZSha256Hex, 'ab'.repeat(31))?.message).toBe('sha256 must be 64 hexadecimal characters');
  });
});

const untrusted = { tier: 'untrusted', list: null, anchor: null, label: 'On no trust list this gateway uses' } as const;
const credentialsOf = (organization: string | null) => ({ creator: null, organization, organizationVerified: false, organizationDomain: null, softwareAgent: null, aiAssisted: false, editHistory: [] });

/** The answer for a file without Content Credentials. */
const unsignedAnswer: TVerifyResponse = {
  verification: { status: 'unsigned', chainValid: false, signatureValid: false, trustLevel: 'none', trust: untrusted, reasonCode: null, credentials: credentialsOf(null) },
  badge: { message: 'No Content Credentials' },
  report: {
    manifestId: null,
    format: 'image/jpeg',
    validationState: null,
    reason: 'The file carries no Content Credentials',
    codes: { success: [], informational: [], failure: [] },
    ingredientFailures: [],
    signer: null,
    signedAt: null,
    timestamp: null,
    activeManifest: null,
    manifests: [],
    ingredients: [],
  },
  recovery: null,
};

const signer = {
  commonName: 'Daily Planet',
  organization: 'Daily Planet',
  issuer: 'Provenance Gateway Intermediate CA',
  serialNumber: '01',
  algorithm: 'ES256',
  notBefore: '2026-01-01T00:00:00.000Z',
  notAfter: '2027-01-01T00:00:00.000Z',
  trusted: true,
  expired: false,
  certificateChainPem: ['-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n'],
};

describe('ZVerifyResponse', () => {
  it('accepts the answer for an unsigned file', () => {
    expect(ZVerifyResponse.safeParse(unsignedAnswer).success).toBe(true);
  });

  it('accepts a verified answer with evidence, revocation and a two-level ingredient tree', () => {
    const verified: TVerifyResponse = {
      ...unsignedAnswer,
      verification: {
        status: 'verified',
        chainValid: true,
        signatureValid: true,
        trustLevel: 'trusted',
        trust: { tier: 'gateway', list: null, anchor: { subject: 'CN=Provenance Gateway Root', sha256: 'cd'.repeat(32) }, label: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised' },
        reasonCode: null,
        revocation: { status: 'good', source: 'gateway', responder: null, checkedAt: '2026-11-27T10:00:00.000Z', revokedAt: null, reason: null },
        evidence: { trustSnapshot: { id: 'ef'.repeat(32), lists: [{ name: 'C2PA trust list', sha256: '01'.repeat(32), retrievedAt: null }] }, validatedAt: '2026-11-27T10:00:00.000Z' },
        credentials: { ...credentialsOf('Daily Planet'), creator: 'Ada Reporter', editHistory: ['Opened', 'Resized'] },
      },
      badge: { message: 'Content Credentials verified: signed by Daily Planet' },
      report: {
        ...unsignedAnswer.report,
        manifestId,
        validationState: 'Trusted',
        reason: 'The signature and content are intact, and the signer is trusted',
        codes: { success: [{ code: 'assertion.dataHash.match', explanation: 'The file has not changed since it was signed' }], informational: [], failure: [] },
        signer,
        signedAt: '2026-11-27T09:00:00.000Z',
        ingredients: [
          {
            title: 'original.jpg',
            format: 'image/jpeg',
            relationship: 'parentOf',
            manifestLabel: 'urn:c2pa:parent',
            status: 'partial',
            failures: [],
            thumbnail: null,
            children: [{ title: 'raw.jpg', format: 'image/jpeg', relationship: 'parentOf', manifestLabel: null, status: 'unsigned', failures: [], thumbnail: null, children: [] }],
          },
        ],
      },
      eventId: 'evt-1',
    };
    expect(ZVerifyResponse.safeParse(verified).success).toBe(true);
  });

  it('refuses an answer with a verdict a client does not know, or without its trust words', () => {
    expect(refusalOf(ZVerifyResponse, { ...unsignedAnswer, verification: { ...unsignedAnswer.verification, status: 'ok' } })?.field).toBe('verification.status');
    const { trust: _trust, ...withoutTrust } = unsignedAnswer.verification;
    expect(refusalOf(ZVerifyResponse, { ...unsignedAnswer, verification: withoutTrust })?.field).toBe('verification.trust');
  });

  it('refuses a nested ingredient whose status is not a verdict', () => {
    const ingredient = { title: null, format: null, relationship: null, manifestLabel: null, status: 'unsigned', failures: [], thumbnail: null, children: [] };
    const answer = { ...unsignedAnswer, report: { ...unsignedAnswer.report, ingredients: [{ ...ingredient, children: [{ ...ingredient, status: 'broken' }] }] } };
    expect(refusalOf(ZVerifyResponse, answer)?.field).toBe('report.ingredients.0.children.0.status');
  });
});
