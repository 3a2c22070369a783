// The bulk of a form's file part, found with Buffer.indexOf (native code) rather than by busboy's
// search in JavaScript (streamsearch). busboy still parses the whole form: its delimiters, part
// headers, fields, limits and closing. But once it is inside the wanted file part holding nothing back,
// the body's chunks pass by it, to the file, up to the next delimiter; busboy is fed again from that
// delimiter on, as if the file part had had no more bytes. busboy's search cost the receiving thread
// (the one that bounds a transfer) 0.6 ms for a 2 MB form.
//
// Why busboy ends up with the same form: it is fed the body less byte ranges inside the file part,
// each starting where it held nothing back (no end of what it was fed could begin a delimiter,
// endsClearOfDelimiter) and holding no delimiter nor the start of one at its end (the passage keeps
// such a start back and looks again with the next chunk). No delimiter is missed or made.

/** busboy's delimiter search over a form: the boundary as it parses it, preceded by CRLF and "--". */
export type FormDelimiter = Buffer;

/** RFC 2046's boundary characters, 1 to 70 of them, not ending in a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;
/** Those an unquoted parameter value (an RFC 9110 token) may hold as well. */
const TOKEN_BOUNDARY = /^[0-9A-Za-z'+_\-.]{1,70}$/;

/**
 * The delimiter of a multipart/form-data body, when its content type names one boundary that every
 * reading of it gives alike (RFC 2046's characters; quoted, or a token): else null, and the form is
 * parsed by busboy alone. Also what tells where a form's file ends (upload-reader.ts).
 */
export function formDelimiter(contentType: string): FormDelimiter | null {
  const params = contentType.split(';').slice(1);
  const boundaries = params.filter((param) => /^\s*boundary\s*\*?=/i.test(param));
  if (boundaries.length !== 1) return null;
  const value = /^\s*boundary=(?:"([^"\\]*)"|([^"]*?))\s*$/i.exec(boundaries[0]!);
  const boundary = value?.[1] ?? value?.[2];
  if (boundary === undefined || !(value?.[1] !== undefined ? BOUNDARY : TOKEN_BOUNDARY).test(boundary)) return null;
  return Buffer.from(`\r\n--${boundary}`, 'latin1');
}

/**
 * Where a delimiter may begin at the end of `data` without ending in it: the earliest index from
 * which `data`'s remaining bytes are the delimiter's first ones; -1 when none.
 */
function delimiterStartAtEnd(data: Uint8Array, delimiter: FormDelimiter): number {
  for (let at = Math.max(0, data.byteLength - delimiter.byteLength + 1); at < data.byteLength; at += 1) {
    if (data[at] !== delimiter[0]) continue;
    if (Buffer.compare(data.subarray(at), delimiter.subarray(0, data.byteLength - at)) === 0) return at;
  }
  return -1;
}

/**
 * Whether a parser searching for `delimiter` holds none of `last`, the chunk it was last fed, back:
 * no end of it could begin the delimiter. Only a chunk as long as the delimiter tells.
 */
export function endsClearOfDelimiter(last: Uint8Array, delimiter: FormDelimiter): boolean {
  return last.byteLength >= delimiter.byteLength && delimiterStartAtEnd(last, delimiter) === -1;
}

export interface FilePassage {
  /**
   * The file's bytes in `chunk` (after any held back from the chunk before), and the body from the
   * delimiter on once the delimiter that ends the file is in it (then the passage is over).
   */
  pass(chunk: Uint8Array): { file: Uint8Array | null; rest: Uint8Array | null };
  /** The bytes held back at the body's end, the start of a delimiter that never came: the parser's to see. */
  flush(): Uint8Array | null;
}

/** A passage through a file part that the parser is inside of, holding nothing back. */
export function openFilePassage(delimiter: FormDelimiter): FilePassage {
  let held: Uint8Array | null = null;
  return {
    pass(chunk) {
      const data = held ? Buffer.concat([held, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      held = null;
      const end = data.indexOf(delimiter);
      if (end !== -1) return { file: end > 0 ? data.subarray(0, end) : null, rest: data.subarray(end) };
      const start = delimiterStartAtEnd(data, delimiter);
      if (start === -1) return { file: data.byteLength > 0 ? data : null, rest: null };
      held = data.subarray(start);
      return { file: start > 0 ? data.subarray(0, start) : null, rest: null };
    },
    flush() {
      const rest = held;
      held = null;
      return rest;
    },
  };
}
