// What is asked of the verifier (verify-content.ts) and what it answers: the file to verify (a URL,
// an upload in memory or spooled, a stored manifest, a badge's media check), who asks and how
// (thumbnails, as of a declared time, crJSON), and the answer as JSON ready to send.
import type { ArrivingUpload } from './arriving/arriving-verification.ts';

export type VerifySource =
  | { kind: 'url'; url: string }
  | {
      kind: 'upload';
      bytes: Uint8Array;
      fileName?: string | undefined;
      /** The Content-Type the file was sent with, when it was the request body. */
      declaredMime?: string | undefined;
      /**
       * SHA-256 (hex) of bytes, when known (a spooled upload's), or the upload reader's, asked only
       * when needed: it hashes a file an engine worker read as it arrived only when asked (arriving/arriving-memory.ts).
       */
      sha256?: string | (() => Promise<string>) | undefined;
      /** The file's .c2pa sidecar, when it was sent beside it: the pair is verified. */
      manifest?: Uint8Array | undefined;
      /** The upload as it arrived (arrivingUpload): a verification started then is used when it fits, without asking the cache. */
      arriving?: ArrivingUpload | null | undefined;
    }
  | { kind: 'manifest'; manifestId: string }
  /** A badge's check: manifest M shown with the media at `url` (its SHA-256 when the badge could read it). */
  | { kind: 'media'; manifestId: string; url: string; sha256?: string | undefined }
  | {
      /** An upload spooled to disk: an MP4, MOV or M4A is verified from the file, never read whole. */
      kind: 'spooled-upload';
      path: string;
      /** Its first bytes, to tell its format. */
      head: Uint8Array;
      sha256: string;
      fileName?: string | undefined;
      declaredMime?: string | undefined;
      /** Reads the file into memory (within the server's budget), for formats verified from bytes. */
      withBytes<T>(use: (bytes: Uint8Array) => Promise<T>): Promise<T>;
    };

/** The sources verified as files (everything but a badge's media check). */
export type FileSource = Exclude<VerifySource, { kind: 'media' }>;

export interface VerifyCaller {
  userId?: string | undefined;
  geo?: string | null;
  thumbnails?: boolean;
  /** The site whose page asked (a badge's Origin), recorded with a recovery. */
  referrer?: string | null | undefined;
  /**
   * The verification event's ID, for a caller that may run the same verification again (a batch job
   * item handed out again after a crash): its event is then written once.
   */
  eventId?: string | undefined;
  /** The batch-job item running the verification, recorded with its event (its report is the item's stored result). */
  jobItem?: { jobId: string; index: number } | undefined;
  /** Its client was refused lately for going over its fair share: its engine work waits behind others' (TaskPlacement). */
  overShare?: boolean;
  /** Validate as of this instant rather than now: never from or into the cache, revocation not asked. */
  at?: Date | undefined;
  /** Validate under the trust lists of this earlier snapshot (its ID), as `at` is: a reproduction. */
  trustSnapshot?: string | undefined;
  /** `crjson`: answer c2pa-rs's crJSON report of the file instead of the product's (not cached, no event). */
  format?: 'report' | 'crjson' | undefined;
}

/** A verification response (TVerifyResponse with its eventId) as JSON, ready to send. */
export interface VerificationAnswer {
  json: string;
  /** Null when no event was recorded (a verification as of a declared time). */
  eventId: string | null;
}
