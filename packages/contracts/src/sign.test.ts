// The signing request as a client sends it: the defaults the server signs with, the fields it
// refuses (each named), and the limits it holds to.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LICENSE, ZSignContentRequest, ZSignedAssetListQuery, ZSigningMetadata } from './sign.ts';
import { refusalOf } from './testing/refusal.ts';

describe('ZSignContentRequest', () => {
  it('takes a URL and a creator, filling in what the client left out', () => {
    const request = ZSignContentRequest.parse({ assetUrl: ' https://example.org/photo.jpg ', metadata: { creator: ' Ada Reporter ' } });
    expect(request).toEqual({
      assetUrl: 'https://example.org/photo.jpg',
      metadata: { creator: 'Ada Reporter', license: DEFAULT_LICENSE, aiAssisted: false, capturedWithCamera: false },
      sidecar: false,
      redact: [],
    });
  });

  it('keeps the whole metadata a client may send', () => {
    const request = ZSignContentRequest.parse({
      assetUrl: 'https://example.org/photo.jpg',
      organization: 'Daily Planet',
      redact: ['location', 'exif'],
      metadata: { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: true, location: { latitude: 48.857, longitude: 2.352, accuracy: null }, deviceInfo: { model: 'Pixel 9' } },
    });
    expect(request.organization).toBe('Daily Planet');
    expect(request.redact).toEqual(['location', 'exif']);
    expect(request.metadata).toMatchObject({ license: 'CC-BY-4.0', aiAssisted: true, location: { latitude: 48.857, longitude: 2.352 } });
  });

  it('refuses a request without a creator, naming it', () => {
    expect(refusalOf(ZSignContentRequest, { assetUrl: 'https://example.org/a.jpg', metadata: {} })).toEqual({ field: 'metadata.creator', message: 'Creator name is required' });
    expect(refusalOf(ZSignContentRequest, { assetUrl: 'https://example.org/a.jpg', metadata: { creator: '   ' } })).toEqual({ field: 'metadata.creator', message: 'Creator name is required' });
  });

  it('refuses a missing or malformed asset URL, naming it', () => {
    expect(refusalOf(ZSignContentRequest, { metadata: { creator: 'Ada' } })).toEqual({ field: 'assetUrl', message: 'Asset URL is required' });
    expect(refusalOf(ZSignContentRequest, { assetUrl: 'not a url', metadata: { creator: 'Ada' } })).toEqual({ field: 'assetUrl', message: 'assetUrl must be an http or https URL' });
  });

  it('refuses an empty organisation and one over 200 characters, naming the field', () => {
    const base = { assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'Ada' } };
    expect(refusalOf(ZSignContentRequest, { ...base, organization: ' ' })).toEqual({ field: 'organization', message: 'organization must not be empty: give the name to sign under' });
    expect(refusalOf(ZSignContentRequest, { ...base, organization: 'x'.repeat(201) })).toEqual({ field: 'organization', message: 'organization must be at most 200 characters' });
    expect(refusalOf(ZSignContentRequest, { ...base, organization: 'x'.repeat(200) })).toBeNull();
  });

  it('refuses what redaction does not know', () => {
    expect(refusalOf(ZSignContentRequest, { assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'Ada' }, redact: ['faces'] })).toEqual({ field: 'redact.0', message: 'redact takes location and exif' });
  });
});

describe('ZSigningMetadata', () => {
  it('holds text fields to 200 characters and refuses NUL, which the database cannot store', () => {
    expect(refusalOf(ZSigningMetadata, { creator: 'x'.repeat(201) })).toEqual({ field: 'creator', message: 'Creator name must be at most 200 characters' });
    expect(refusalOf(ZSigningMetadata, { creator: 'Ada\u0000' })).toEqual({ field: 'creator', message: 'Creator name must not contain NUL characters' });
    expect(refusalOf(ZSigningMetadata, { creator: 'Ada', title: 'a\u0000b' })).toEqual({ field: 'title', message: 'title must not contain NUL characters' });
  });

  it('refuses a location off the globe, naming the coordinate', () => {
    expect(refusalOf(ZSigningMetadata, { creator: 'Ada', location: { latitude: 91, longitude: 0 } })).toEqual({ field: 'location.latitude', message: 'latitude must be between -90 and 90' });
    expect(refusalOf(ZSigningMetadata, { creator: 'Ada', location: { latitude: 0, longitude: -180.5 } })).toEqual({ field: 'location.longitude', message: 'longitude must be between -180 and 180' });
  });
});

describe('ZSignedAssetListQuery', () => {
  it('pages 20 assets by default, and reads the limit from the query string', () => {
    expect(ZSignedAssetListQuery.parse({})).toEqual({ limit: 20 });
    expect(ZSignedAssetListQuery.parse({ limit: '100', cursor: 'abc-123' })).toEqual({ limit: 100, cursor: 'abc-123' });
  });

  it('refuses a limit outside 1 to 100 and a cursor it did not give', () => {
    expect(refusalOf(ZSignedAssetListQuery, { limit: '101' })).toEqual({ field: 'limit', message: 'limit must be at most 100' });
    expect(refusalOf(ZSignedAssetListQuery, { limit: '0' })).toEqual({ field: 'limit', message: 'limit must be at least 1' });
    expect(refusalOf(ZSignedAssetListQuery, { limit: 'ten' })).toEqual({ field: 'limit', message: 'limit must be a number' });
    expect(refusalOf(ZSignedAssetListQuery, { cursor: "'; drop table assets" })).toEqual({ field: 'cursor', message: 'cursor must be a nextCursor from a previous page' });
  });
});
