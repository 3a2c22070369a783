/**
 * Typed engine errors. Each carries a stable `code` for APIs and a message a person understands;
 * c2pa-rs's own error text is kept in `detail` for logs and reports.
 */
export type ProvenanceErrorCode =
  | 'unsupported_format'
  | 'malformed_asset'
  | 'remote_manifest'
  | 'signing_failed'
  | 'invalid_signer'
  | 'timestamp_failed'
  /** An OCSP request asks about more certificates than the responder answers at once. */
  | 'too_many_certificates';

export class ProvenanceError extends Error {
  constructor(
    readonly code: ProvenanceErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'ProvenanceError';
  }
}

export class UnsupportedFormatError extends ProvenanceError {
  constructor(mime: string, detail?: string) {
    super('unsupported_format', `The format ${mime || 'of this file'} is not supported for Content Credentials.`, detail);
  }
}

export class MalformedAssetError extends ProvenanceError {
  constructor(reason: string, detail?: string) {
    super('malformed_asset', `The file could not be read: ${reason}.`, detail);
  }
}

/** The manifest lives at a URL named in the asset's XMP; the caller must fetch it safely. */
export class RemoteManifestError extends ProvenanceError {
  constructor(
    readonly url: string | null,
    detail?: string,
  ) {
    super('remote_manifest', `The Content Credentials of this file are stored remotely${url ? ` at ${url}` : ''} and must be fetched.`, detail);
  }
}

export class SigningError extends ProvenanceError {
  constructor(message: string, detail?: string) {
    super('signing_failed', message, detail);
  }

  /**
   * c2pa-rs's refusal as a reason a person can act on. It validates what it signed before handing
   * it back, and refuses with the failing status codes (`code: "…", … kind: Failure`): those codes are
   * the reason, named and explained; any other refusal is quoted briefly.
   */
  static fromC2pa(text: string, explain: (code: string) => string): SigningError {
    const codes = [...new Set([...text.matchAll(/code: "([^"]+)"[^}]*?kind: Failure/g)].map((match) => match[1]!))];
    const reason = codes.length > 0 ? `the signed manifest failed validation: ${codes.map((code) => `${code} (${explain(code)})`).join('; ')}` : `c2pa-rs said ${text.slice(0, 200)}`;
    return new SigningError(`The asset could not be signed: ${reason}`, text.slice(0, 4000));
  }
}

export class InvalidSignerError extends ProvenanceError {
  constructor(message: string) {
    super('invalid_signer', message);
  }
}

/**
 * The time-stamping authority could not give a usable timestamp (unreachable, refused, or a reply
 * that does not answer the request). Signing stops: a manifest is never left unstamped silently.
 */
export class TimestampError extends ProvenanceError {
  constructor(message: string, detail?: string) {
    super('timestamp_failed', message, detail);
  }
}
