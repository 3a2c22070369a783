// Which uploads too large for memory are signed from their spool file: the BMFF video and audio the
// engine hashes as they stream (sign-content.ts signs them as files on disk, in the one pipeline).
import { formatFromFileName } from '@provenance/engine';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';

/** Formats signed from a spool file: the BMFF video and audio the engine hashes as they stream. */
export const SPOOLED_SIGN_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/quicktime', 'audio/mp4']);

/** An upload too large to sign in memory, waiting in its spool file. */
export interface SpooledVideo {
  path: string;
  /** Its first bytes, to tell its format. */
  head: Uint8Array;
  fileName?: string | undefined;
}

/** The MIME type of a spooled upload when it is one signed from disk, else null. */
export async function spooledSignMime(engine: Pick<GatewayEngine, 'detectFormat'>, video: SpooledVideo): Promise<string | null> {
  const format = (await engine.detectFormat(video.head)) ?? (video.fileName ? formatFromFileName(video.fileName) : undefined);
  return format && SPOOLED_SIGN_TYPES.has(format.mime) ? format.mime : null;
}
