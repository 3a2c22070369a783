// A real S3-protocol server for tests: s3rver on 127.0.0.1 at a random port, its objects in a
// temporary folder, one bucket made. `url` is the ASSET_STORE setting that points a gateway at it;
// `env` is what a server process needs (the setting and the AWS credentials s3rver accepts), for
// tests that start real processes. `requests` lists every request s3rver answered ("PUT /bucket/key?…"),
// so a test can see how the store talked to it (a multipart upload, a ranged GET).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver knows one account; any other key is refused, as S3 would. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3TestServer {
  /** The ASSET_STORE setting: s3://bucket?endpoint=http://127.0.0.1:port&region=us-east-1&forcePathStyle=true */
  url: string;
  bucket: string;
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Environment for a gateway process using this store. */
  env: { ASSET_STORE: string; AWS_ACCESS_KEY_ID: string; AWS_SECRET_ACCESS_KEY: string; AWS_REGION: string };
  /** "METHOD /path?query" of each request received, oldest first. */
  requests: string[];
  close(): Promise<void>;
}

export async function startS3TestServer(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'provenance-assets';
  const directory = await mkdtemp(path.join(tmpdir(), 'pg-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer?.on('request', (request: { method?: string; url?: string }) => requests.push(`${request.method ?? '?'} ${request.url ?? ''}`));
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  const url = `s3://${bucket}?endpoint=${endpoint}&region=${region}&forcePathStyle=true`;
  return {
    url,
    bucket,
    endpoint,
    credentials: { ...S3_TEST_CREDENTIALS },
    env: { ASSET_STORE: url, AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey, AWS_REGION: region },
    requests,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
