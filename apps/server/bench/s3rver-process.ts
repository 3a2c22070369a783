/**
 * s3rver in a process of its own for the store bench, so the S3 server does not share the gateway's
 * event loop (as a real object store would not): prints its ASSET_STORE setting and credentials as
 * one JSON line, then serves until SIGTERM.
 */
import { startS3TestServer } from '../src/testing/s3-test-server.ts';

const s3 = await startS3TestServer();
process.stdout.write(`${JSON.stringify({ url: s3.url, credentials: s3.credentials })}\n`);
process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
