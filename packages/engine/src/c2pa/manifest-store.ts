/**
 * The manifest store as c2pa-rs reports it (c2pa-wasm's `manifestStore()` JSON): only the fields
 * the engine reads. The report is built from these; nothing outside the engine sees them.
 */
export interface RawCode {
  code: string;
  url?: string;
  explanation?: string;
}

export interface RawResults {
  success?: RawCode[];
  informational?: RawCode[];
  failure?: RawCode[];
}

export interface RawIngredient {
  title?: string;
  format?: string;
  relationship?: string;
  active_manifest?: string;
  validation_status?: RawCode[];
  validation_results?: { activeManifest?: RawResults };
  thumbnail?: { format: string; identifier: string };
}

export interface RawAssertion {
  label: string;
  data?: unknown;
}

export interface RawManifest {
  label?: string;
  title?: string;
  format?: string;
  claim_generator?: string;
  claim_generator_info?: { name?: string; version?: string }[];
  signature_info?: { alg?: string; issuer?: string; common_name?: string; cert_serial_number?: string; time?: string };
  assertions?: RawAssertion[];
  ingredients?: RawIngredient[];
  thumbnail?: { format: string; identifier: string };
  /** JUMBF URIs of the ingredients' assertions this manifest redacted. */
  redactions?: string[];
}

export interface RawManifestStore {
  active_manifest?: string;
  manifests?: Record<string, RawManifest>;
  validation_state?: 'Trusted' | 'Valid' | 'Invalid';
  /** The store's failures in one list, as c2pa-rs also gives them (absent when there are none). */
  validation_status?: RawCode[];
  validation_results?: { activeManifest?: RawResults; ingredientDeltas?: { validationDeltas?: RawResults }[] };
}
