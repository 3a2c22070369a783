/**
 * Redaction when re-signing (C2PA redaction): a file that already carries credentials becomes the
 * parent ingredient of the new manifest, and some of its assertions may be removed from it, so a
 * newsroom can publish a re-signed photo without its source's whereabouts. c2pa-rs removes whole
 * assertions named by JUMBF URI (the builder's `redactions`); each is recorded as a `c2pa.redacted`
 * action with the PII reason, as the specification asks. Hard bindings and actions cannot be redacted.
 */
import type { RawAssertion, RawManifestStore } from '../c2pa/manifest-store.ts';
import { C2PA_METADATA_LABEL } from './signing-metadata.ts';

/**
 * What may be redacted: `location` (any assertion carrying a place), `exif` (the camera details: the
 * c2pa.metadata assertion the product writes them in, or the stds.exif one of earlier files).
 */
export type RedactionKind = 'location' | 'exif';
export const REDACTION_KINDS: readonly RedactionKind[] = ['location', 'exif'];

/** A redacted assertion: the manifest it was in and its label, and the URI c2pa-rs records. */
export interface Redaction {
  manifest: string;
  assertion: string;
  uri: string;
}

const LOCATION_FIELD = /GPS|location|latitude|longitude/i;

/** Whether an assertion's data names a place anywhere in it (EXIF GPS tags, IPTC locations, schema.org places). */
function carriesLocation(data: unknown, depth = 0): boolean {
  if (depth > 6 || data === null || typeof data !== 'object') return false;
  return Object.entries(data).some(([key, value]) => LOCATION_FIELD.test(key) || carriesLocation(value, depth + 1));
}

/** The assertion's label with its instance, as c2pa-rs writes it (manifest_assertion.rs label_with_instance). */
function storedLabel(assertion: RawAssertion & { instance?: number }): string {
  return assertion.instance && assertion.instance > 1 ? `${assertion.label}__${assertion.instance}` : assertion.label;
}

function matches(kind: RedactionKind, assertion: RawAssertion): boolean {
  if (kind === 'exif') return assertion.label === 'stds.exif' || assertion.label === C2PA_METADATA_LABEL;
  return assertion.label !== 'c2pa.actions' && assertion.label !== 'c2pa.actions.v2' && carriesLocation(assertion.data);
}

/** The URI c2pa-rs names an assertion of a manifest by (jumbf/labels.rs to_assertion_uri). */
export function assertionUri(manifest: string, assertion: string): string {
  return `self#jumbf=/c2pa/${manifest}/c2pa.assertions/${assertion}`;
}

/** The assertions of every manifest in the parent's store that `kinds` ask to redact. */
export function redactionsFor(parent: RawManifestStore, kinds: readonly RedactionKind[]): Redaction[] {
  const found = new Map<string, Redaction>();
  for (const [manifest, contents] of Object.entries(parent.manifests ?? {})) {
    for (const assertion of contents.assertions ?? []) {
      if (!kinds.some((kind) => matches(kind, assertion))) continue;
      const label = storedLabel(assertion);
      const uri = assertionUri(manifest, label);
      found.set(uri, { manifest, assertion: label, uri });
    }
  }
  return [...found.values()];
}

/** A redaction recorded in a manifest (its `redactions` URIs), read back. */
export function parseRedactionUri(uri: string): Redaction | null {
  const match = /^self#jumbf=\/c2pa\/([^/]+)\/c2pa\.assertions\/(.+)$/.exec(uri);
  return match ? { manifest: match[1]!, assertion: match[2]!, uri } : null;
}
