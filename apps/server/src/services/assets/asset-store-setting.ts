// The ASSET_STORE setting read once at start: unset means files under DATA_DIR/assets; an
// s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true URL means S3-compatible storage.
// Anything else is refused with a sentence saying what is expected.

export type AssetStoreSetting =
  | { kind: 'files' }
  | { kind: 's3'; bucket: string; prefix: string; endpoint?: string; region?: string; forcePathStyle: boolean };

export class AssetStoreSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AssetStoreSettingError';
  }
}

const EXAMPLE = 's3://my-bucket?endpoint=https://s3.example.com&region=us-east-1&forcePathStyle=true';
// S3's bucket naming rules (lowercase letters, digits, dots and hyphens; 3 to 63 characters).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;
const PARAMETERS = new Set(['endpoint', 'region', 'forcePathStyle']);
const REGION = /^[a-z0-9-]{1,40}$/;

export function parseAssetStoreSetting(value: string | undefined): AssetStoreSetting {
  if (value === undefined || value.trim() === '') return { kind: 'files' };
  const fail = (problem: string): never => {
    throw new AssetStoreSettingError(`${problem}; expected ${EXAMPLE}, or leave it unset to keep files under DATA_DIR/assets`);
  };
  if (!value.startsWith('s3://')) fail('ASSET_STORE must be an s3:// URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('ASSET_STORE is not a URL');
  }
  if (url.username || url.password) fail('ASSET_STORE must not hold credentials (they come from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)');
  const bucket = url.hostname;
  if (!BUCKET.test(bucket) || bucket.includes('..')) fail(`"${bucket}" is not an S3 bucket name`);
  if (url.port) fail('ASSET_STORE names a bucket, not a host: give the server in endpoint=');
  // The prefix as written: URL parsing would quietly resolve "a/../b" to "b".
  const path = (value.slice('s3://'.length).split(/[?#]/, 1)[0] ?? '').split('/').slice(1).join('/').replace(/\/+$/, '');
  if (path !== '' && (!PREFIX.test(path) || path.split('/').some((part) => part === '.' || part === '..'))) fail(`"${path}" is not a usable key prefix`);
  for (const name of url.searchParams.keys()) if (!PARAMETERS.has(name)) fail(`ASSET_STORE has an unknown parameter "${name}"`);

  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(endpoint);
    } catch {
      parsed = undefined;
    }
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) fail(`endpoint "${endpoint}" is not an http(s) URL`);
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !REGION.test(region)) fail(`region "${region}" is not a region name`);
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') fail('forcePathStyle must be true or false');

  return {
    kind: 's3',
    bucket,
    prefix: path === '' ? '' : `${path}/`,
    ...(endpoint !== undefined && { endpoint }),
    ...(region !== undefined && { region }),
    forcePathStyle: forcePathStyle === 'true',
  };
}
