// Verification answers shaped exactly like the API's (TVerifyResponse), for the report's unit tests:
// one verified manifest with a nested ingredient tree, and the unsigned answer.
import type { TIngredientNode, TManifestSummary, TSignerSummary, TVerifyResponse } from '@provenance/contracts';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const signer: TSignerSummary = {
  commonName: 'Provenance Gateway Signer',
  organization: 'Daily Ledger Newsroom',
  issuer: 'Provenance Gateway Intermediate CA',
  serialNumber: '0a1b2c3d',
  algorithm: 'es256',
  notBefore: '2026-01-01T00:00:00Z',
  notAfter: '2027-01-01T00:00:00Z',
  trusted: true,
  expired: false,
  certificateChainPem: ['-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'],
};

function ingredient(overrides: Partial<TIngredientNode>): TIngredientNode {
  return { title: 'a.jpg', format: 'image/jpeg', relationship: 'componentOf', manifestLabel: null, status: 'unsigned', failures: [], thumbnail: null, children: [], ...overrides };
}

const manifest: TManifestSummary = {
  label: 'urn:c2pa:11111111-2222-3333-4444-555555555555',
  title: 'harbour-fire.jpg',
  format: 'image/jpeg',
  claimGenerator: 'Provenance Gateway/0.1.0',
  signer,
  signedAt: '2026-11-21T10:00:00Z',
  creator: 'Ana Reporter',
  license: 'CC BY 4.0',
  aiDisclosure: 'ai_edited',
  digitalSourceTypes: ['http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia'],
  actions: [
    { action: 'c2pa.opened', label: 'Opened', when: '2026-11-21T09:58:00Z', softwareAgent: 'Provenance Gateway', digitalSourceType: null },
    {
      action: 'c2pa.edited',
      label: 'Edited',
      when: null,
      softwareAgent: 'Generative Fill',
      digitalSourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
    },
  ],
  assertions: ['c2pa.actions.v2', 'stds.schema-org.CreativeWork'],
  redactions: [],
  location: { latitude: '51.5072', longitude: '-0.1276' },
  device: { make: 'Canon', model: 'Canon EOS R5' },
  thumbnail: { format: 'image/png', identifier: 'self#jumbf=c2pa.assertions/c2pa.thumbnail.claim.png', dataUrl: PIXEL },
  ingredientCount: 2,
};

export const verifiedResult: TVerifyResponse = {
  verification: {
    status: 'verified',
    chainValid: true,
    signatureValid: true,
    trustLevel: 'trusted',
    trust: { tier: 'conformant', list: 'C2PA trust list', anchor: { subject: 'CN=Provenance Gateway Root CA', sha256: '0'.repeat(64) }, label: 'On the C2PA trust list: the C2PA conformance program vouches for the signer' },
    reasonCode: 'signingCredential.trusted',
    credentials: { creator: 'Ana Reporter', organization: 'Daily Ledger Newsroom', organizationVerified: true, organizationDomain: null, softwareAgent: 'Provenance Gateway', aiAssisted: true, editHistory: ['Opened', 'Edited'] },
  },
  badge: { message: 'Content Credentials verified: signed by Daily Ledger Newsroom' },
  report: {
    manifestId: manifest.label,
    format: 'image/jpeg',
    validationState: 'Trusted',
    reason: 'The manifest is intact and the signer, Daily Ledger Newsroom, chains to a trusted root.',
    codes: {
      success: [
        { code: 'claimSignature.validated', explanation: 'The claim signature is valid.' },
        { code: 'assertion.dataHash.match', url: `self#jumbf=/c2pa/${manifest.label}/c2pa.assertions/c2pa.hash.data`, explanation: 'The file’s bytes match the hash recorded when it was signed.' },
      ],
      informational: [{ code: 'signingCredential.ocsp.skipped', explanation: 'Revocation (OCSP) was not checked.' }],
      failure: [],
    },
    ingredientFailures: [],
    signer,
    signedAt: manifest.signedAt,
    timestamp: null,
    activeManifest: manifest,
    manifests: [manifest],
    ingredients: [
      ingredient({ title: 'raw-frame.jpg', relationship: 'parentOf', thumbnail: { format: 'image/png', identifier: 'i0', dataUrl: PIXEL } }),
      ingredient({
        title: 'agency-photo.jpg',
        manifestLabel: 'urn:c2pa:agency',
        status: 'partial',
        thumbnail: { format: 'image/png', identifier: 'i1', dataUrl: PIXEL },
        children: [ingredient({ title: 'scan.tif', format: 'image/tiff', relationship: 'parentOf', thumbnail: { format: 'image/png', identifier: 'i2', dataUrl: PIXEL } })],
      }),
    ],
  },
  eventId: 'evt_1',
};

export const unsignedResult: TVerifyResponse = {
  verification: {
    status: 'unsigned',
    chainValid: false,
    signatureValid: false,
    trustLevel: 'none',
    trust: { tier: 'untrusted', list: null, anchor: null, label: 'Not on any trust list' },
    reasonCode: null,
    credentials: { creator: null, organization: null, organizationVerified: false, organizationDomain: null, softwareAgent: null, aiAssisted: false, editHistory: [] },
  },
  badge: { message: 'No Content Credentials found' },
  report: {
    manifestId: null,
    format: 'image/png',
    validationState: null,
    reason: 'No Content Credentials were found in this file.',
    codes: { success: [], informational: [], failure: [] },
    ingredientFailures: [],
    signer: null,
    signedAt: null,
    timestamp: null,
    activeManifest: null,
    manifests: [],
    ingredients: [],
  },
};

/** The verified answer after its file was changed: the data hash no longer matches. */
export const invalidResult: TVerifyResponse = {
  ...verifiedResult,
  verification: { ...verifiedResult.verification, status: 'invalid', chainValid: true, trustLevel: 'untrusted' },
  badge: { message: 'Content Credentials invalid: The file’s bytes have changed since it was signed.' },
  report: {
    ...verifiedResult.report,
    validationState: 'Invalid',
    reason: 'The file’s bytes have changed since it was signed.',
    codes: {
      success: [{ code: 'claimSignature.validated', explanation: 'The claim signature is valid.' }],
      informational: [],
      failure: [{ code: 'assertion.dataHash.mismatch', explanation: 'The file’s bytes have changed since it was signed.' }],
    },
  },
};
