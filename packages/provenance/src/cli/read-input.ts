/**
 * Reads what the CLI is asked to sign or verify: a local file, or an http(s) URL fetched with a
 * time and size limit. The format is sniffed from the bytes, falling back to the name.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { detectFormat, formatFromFileName, normaliseMime, findFormat } from '../formats.ts';
import { CliError } from './usage-error.ts';

const MAX_BYTES = 100 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface CliInput {
  bytes: Uint8Array;
  mime: string;
  name: string;
}

async function fetchUrl(url: URL): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new CliError(`Could not fetch ${url.href}: ${(error as Error).message}`, 1);
  }
  if (!response.ok || !response.body) throw new CliError(`Could not fetch ${url.href}: HTTP ${response.status}`, 1);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > MAX_BYTES) throw new CliError(`${url.href} is larger than ${MAX_BYTES / 1024 / 1024} MB`, 1);
    chunks.push(chunk);
  }
  return { bytes: new Uint8Array(Buffer.concat(chunks)), contentType: response.headers.get('content-type') };
}

export async function readInput(target: string): Promise<CliInput> {
  let bytes: Uint8Array;
  let declared: string | null = null;
  let name = basename(target);
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`Only http and https URLs can be read, not ${url.protocol}`);
    const fetched = await fetchUrl(url);
    bytes = fetched.bytes;
    declared = fetched.contentType;
    name = basename(url.pathname) || 'asset';
  } else {
    try {
      bytes = new Uint8Array(await readFile(target));
    } catch (error) {
      throw new CliError(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, 1);
    }
  }
  const format = (await detectFormat(bytes)) ?? formatFromFileName(name) ?? (declared ? findFormat(normaliseMime(declared)) : undefined);
  if (!format) throw new CliError(`${name} is not a format Content Credentials can be read from or signed into`, 1);
  return { bytes, mime: format.mime, name };
}
