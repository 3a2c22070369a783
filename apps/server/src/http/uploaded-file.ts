// What a route gets of an upload (http/upload-reader.ts): the file, in memory or spooled to disk,
// and a form's small second file.

export interface UploadedFile {
  fileName: string;
  /**
   * SHA-256 (hex) of the file. A file read as it arrived (UploadArrival.beingRead) was not hashed meanwhile,
   * the receiving thread's time going to reading it while an engine worker verified it: it is hashed
   * when first asked, in slices (UploadArrival.sha256), its memory held until then. Ask before discard().
   */
  sha256(): Promise<string>;
  byteLength: number;
  /**
   * Runs `use` with the file's bytes in memory. A spooled file is read back first, once the memory
   * budget has room for it (a 503 when it has none in time); its memory is released when `use` settles.
   */
  withBytes<T>(use: (bytes: Uint8Array) => Promise<T>): Promise<T>;
  /**
   * A spooled file on disk (finished), with its first 64 kB to tell its format: verified from the
   * file itself (large media in constant memory). Null for a file held in memory.
   */
  spooled(): Promise<{ path: string; head: Uint8Array } | null>;
  /** Releases the file's memory or deletes its spool file. Call when the request is done with it. */
  discard(): Promise<void>;
}

/** A small second part (a .c2pa sidecar beside the asset), always in memory. */
export interface SmallUploadedFile {
  bytes: Uint8Array;
  /** Releases its share of the memory budget. */
  discard(): void;
}
