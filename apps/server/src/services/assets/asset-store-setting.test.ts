// ASSET_STORE as an operator writes it: unset keeps files on disk, an s3:// URL names a bucket,
// and a mistake stops the start with a sentence that says what is expected.
import { describe, expect, it } from 'vitest';
import { AssetStoreSettingError, parseAssetStoreSetting } from './asset-store-setting.ts';

describe('ASSET_STORE', () => {
  it('keeps files under DATA_DIR when unset or empty', () => {
    expect(parseAssetStoreSetting(undefined)).toEqual({ kind: 'files' });
    expect(parseAssetStoreSetting('  ')).toEqual({ kind: 'files' });
  });

  it('reads bucket, key prefix, endpoint, region and path style', () => {
    expect(parseAssetStoreSetting('s3://signed-assets?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true')).toEqual({
      kind: 's3',
      bucket: 'signed-assets',
      prefix: '',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseAssetStoreSetting('s3://signed-assets/gateway/prod/')).toEqual({ kind: 's3', bucket: 'signed-assets', prefix: 'gateway/prod/', forcePathStyle: false });
    expect(parseAssetStoreSetting('s3://b.example?endpoint=https%3A%2F%2Fs3.example.com')).toMatchObject({ endpoint: 'https://s3.example.com' });
  });

  it.each([
    ['/var/assets', /must be an s3:\/\/ URL/],
    ['s3://Bad_Bucket', /not an S3 bucket name/],
    ['s3://ab', /not an S3 bucket name/],
    ['s3://key:secret@bucket', /must not hold credentials/],
    ['s3://bucket:9000', /give the server in endpoint=/],
    ['s3://bucket?endpoint=ftp://x', /not an http\(s\) URL/],
    ['s3://bucket?endpoint=nope', /not an http\(s\) URL/],
    ['s3://bucket?region=EU WEST', /not a region name/],
    ['s3://bucket?forcePathStyle=yes', /forcePathStyle must be true or false/],
    ['s3://bucket?acl=public-read', /unknown parameter "acl"/],
    ['s3://bucket/a/../b', /not a usable key prefix/],
  ])('refuses %s', (value, message) => {
    expect(() => parseAssetStoreSetting(value)).toThrow(AssetStoreSettingError);
    expect(() => parseAssetStoreSetting(value)).toThrow(message);
    expect(() => parseAssetStoreSetting(value)).toThrow(/or leave it unset/);
  });
});
