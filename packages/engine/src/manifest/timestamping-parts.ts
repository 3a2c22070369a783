/**
 * What a caller adding RFC 3161 timestamps needs (the server's engine, with TSA_URL): the transport
 * that POSTs a time-stamp query through the caller's own fetcher, and the error saying a file has
 * nothing a timestamp could keep (no credentials, already timestamped, its certificate expired).
 * One typed object, not a name each.
 */
import { timestampTransportOver } from '../signer/rfc3161-timestamper.ts';
import { NothingToTimestampError } from './timestamp-update.ts';

export const timestamping = {
  /** The transport to the authority at `url`: a time-stamp query POSTed through `post`. */
  transportOver: timestampTransportOver,
  NothingToTimestampError,
} as const;
