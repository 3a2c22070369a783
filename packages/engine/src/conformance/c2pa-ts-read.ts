/**
 * A signed file read by c2pa-ts (@trustnxt/c2pa-ts, TrustNXT's independent TypeScript C2PA
 * implementation), as its README's "Reading and validating a manifest" does: the first of its asset
 * types that can read the bytes, the manifest store's JUMBF taken from it, parsed, and the active
 * manifest validated against the asset (claim signature, assertion hashes, hard binding). Tests
 * only: the second opinion beside c2pa-rs that our outputs are read alike by another implementation.
 *
 * c2pa-ts takes no trust anchors (0.9.4 and its main branch: `TODO Actually verify the certificate
 * chain` in src/cose/Signature.ts): its `signingCredential.trusted` says only that each certificate of
 * the chain passed its C2PA certificate-profile checks (key usage, EKUs, AKI, algorithm, validity).
 */
import * as assetTypes from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { ManifestStore, ValidationResult } from '@trustnxt/c2pa-ts/manifest';

/** One of c2pa-ts's asset types: JPEG, PNG, BMFF, MP3 in 0.9.4. */
interface C2paTsAssetType {
  canRead(bytes: Uint8Array): boolean;
  new (bytes: Uint8Array): assetTypes.Asset;
}

const isAssetType = (value: unknown): value is C2paTsAssetType => typeof value === 'function' && typeof (value as { canRead?: unknown }).canRead === 'function';

/** Every asset type the installed c2pa-ts exports, by its exported name, so a format it learns to read is noticed. */
export const C2PA_TS_ASSET_TYPES: readonly { name: string; type: C2paTsAssetType }[] = Object.entries(assetTypes).flatMap(([name, type]) => (isAssetType(type) ? [{ name, type }] : []));

/** A validation status code as c2pa-ts gives it. */
export interface C2paTsCode {
  code: string;
  url?: string;
  explanation?: string;
}

export type C2paTsRead =
  /** No asset type of c2pa-ts reads the file. */
  | { outcome: 'refused' }
  /** An asset type reads it, but finds no manifest store in it. */
  | { outcome: 'no-manifest'; assetType: string }
  /**
   * The store was read (`parsed`: it parsed, with its active manifest's label) and validated, or its
   * parsing failed with the codes in `failure`.
   */
  | { outcome: 'read'; assetType: string; parsed: boolean; activeManifest: string | null; valid: boolean; success: C2paTsCode[]; failure: C2paTsCode[] };

const codeOf = (entry: { code: string; url?: string | undefined; explanation?: string | undefined }): C2paTsCode => ({
  code: entry.code,
  ...(entry.url !== undefined && { url: entry.url }),
  ...(entry.explanation !== undefined && { explanation: entry.explanation }),
});

export async function readWithC2paTs(bytes: Uint8Array): Promise<C2paTsRead> {
  const assetType = C2PA_TS_ASSET_TYPES.find((candidate) => candidate.type.canRead(bytes));
  if (!assetType) return { outcome: 'refused' };
  const asset = new assetType.type(bytes);
  const jumbf = asset.getManifestJUMBF();
  if (!jumbf) return { outcome: 'no-manifest', assetType: assetType.name };
  let store: ManifestStore | null = null;
  let result: ValidationResult;
  try {
    store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf)));
    result = await store.validate(asset);
  } catch (error) {
    // As c2pa-ts's README does: any failure to read becomes a well-formed validation result.
    result = ValidationResult.fromError(error as Error);
  }
  return {
    outcome: 'read',
    assetType: assetType.name,
    parsed: store !== null,
    activeManifest: store?.getActiveManifest()?.label ?? null,
    valid: result.isValid,
    success: result.statusEntries.filter((entry) => entry.success).map(codeOf),
    failure: result.statusEntries.filter((entry) => !entry.success).map(codeOf),
  };
}
