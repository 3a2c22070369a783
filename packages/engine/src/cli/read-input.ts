/**
 * Opens what the CLI is asked to sign or verify: a local file (a URL is first downloaded to one,
 * url-download.ts). The format is sniffed from the bytes, falling back to the name.
 */
import { basename } from 'node:path';
import { openFileSource, type FileSource } from '../io/file-source.ts';
import { detectFormat, formatFromFileName, normaliseMime, findFormat } from '../formats.ts';
import { CliError } from './usage-error.ts';

export const isUrlTarget = (target: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(target);

const cannotRead = (target: string, error: unknown) =>
  new CliError(`Cannot read ${target}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, 1);

/** How many of a file's first bytes are sniffed for its format. */
const SNIFF_BYTES = 64 * 1024;

export interface CliFileInput {
  /** The file, read as the engine asks for its bytes: a large video is never held whole. */
  source: FileSource;
  mime: string;
  name: string;
}

/** An http(s) URL as given; any other scheme is refused before anything is fetched. */
export function httpUrl(target: string): string {
  const scheme = target.slice(0, target.indexOf(':')).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new CliError(`Only http and https URLs can be read, not ${scheme}:`);
  return target;
}

/**
 * A local file opened as a ByteSource, its format sniffed from its first bytes, else told by its
 * name, else by the type it was served with (a downloaded URL); the caller closes it.
 */
export async function openInputFile(path: string, named: { name: string; contentType?: string | null } = { name: basename(path) }): Promise<CliFileInput> {
  let source: FileSource;
  try {
    source = openFileSource(path);
  } catch (error) {
    throw cannotRead(path, error);
  }
  try {
    const { name, contentType } = named;
    const format =
      (await detectFormat(await source.read(0, Math.min(source.size, SNIFF_BYTES)))) ?? formatFromFileName(name) ?? (contentType ? findFormat(normaliseMime(contentType)) : undefined);
    if (!format) throw new CliError(`${name} is not a format Content Credentials can be read from or signed into`, 1);
    return { source, mime: format.mime, name };
  } catch (error) {
    source.close();
    throw error instanceof CliError ? error : cannotRead(path, error);
  }
}
