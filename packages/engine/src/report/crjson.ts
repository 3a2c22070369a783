/**
 * crJSON: c2pa-rs's own report of an asset's manifest store (the Content Credentials JSON the C2PA
 * Conformance Program asks a validator to return), made by c2pa-rs under the verifier's trust
 * lists, and as of a declared time when one is given. The engine's own report (verify.ts) is built
 * from the same read; this is the one to compare with other validators.
 */
import { classifyReadError } from '../c2pa/read-errors.ts';
import { withValidationTime } from '../c2pa/validation-clock.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { UnsupportedFormatError } from '../errors.ts';
import { findFormat } from '../formats.ts';
import { NO_TRUST, type TrustStore } from '../trust/trust-store.ts';

export interface CrJsonOptions {
  trust?: TrustStore;
  /** Validate as of this instant (validation-clock.ts: only on a thread doing nothing else). */
  at?: Date;
}

/** The asset's crJSON as c2pa-rs writes it; null when it carries no manifest store. */
export async function crJsonReport(bytes: Uint8Array, mimeType: string, options: CrJsonOptions = {}): Promise<string | null> {
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  const read = async (): Promise<string | null> => {
    let reader;
    try {
      reader = await loadC2pa().WasmReader.fromBytes(format.mime, bytes, (options.trust ?? NO_TRUST).readerContext);
    } catch (error) {
      const classified = classifyReadError(format.mime, error);
      if (classified === 'no_manifest') return null;
      throw classified;
    }
    try {
      return reader.crJson();
    } finally {
      reader.free();
    }
  };
  return options.at ? withValidationTime(options.at, read) : read();
}
