// Reconciles the asset store with the signed_assets rows after a crash. Signing writes the files
// first and the row last, so a crash (kill -9, power loss) between the two leaves a folder nobody
// can reach: the sweep removes such folders once they are older than a grace period, which keeps
// it away from a signing still in flight.
//
// Rows whose files are missing are only reported, never deleted. With files-then-row ordering they
// do not come from a crash: someone removed files by hand, or the store is not the one the database
// belongs with (a volume not mounted, a restore of an older backup). Deleting rows then would throw
// away, for good, the account's record of what it signed (which verification uses to attribute a
// manifest) over something that may be fixed by mounting the right volume.
import type { AssetFile, AssetStore } from './asset-store.ts';
import type { SignedAssets } from './signed-assets.ts';

/** Files a signed asset cannot do without; the thumbnail is optional (some formats have none). */
const REQUIRED_FILES: readonly AssetFile[] = ['signed', 'manifest.c2pa'];

export interface OrphanSweepResult {
  /** Folders with no row, older than the grace period: removed. */
  removedFolders: string[];
  /** Folders with no row but touched within the grace period: left for a later sweep. */
  foldersInGrace: number;
  /** Rows whose signed file or manifest store is missing: reported, kept. */
  rowsWithoutFiles: string[];
  /** Why folders without rows were kept although old enough, when they were. */
  refused?: 'no_rows';
}

export interface OrphanSweep {
  sweep(): Promise<OrphanSweepResult>;
}

export function createOrphanSweep(deps: {
  store: Pick<AssetStore, 'list' | 'remove'>;
  signedAssets: Pick<SignedAssets, 'listIds' | 'findById'>;
  graceMs: number;
  clock?: () => Date;
}): OrphanSweep {
  const clock = deps.clock ?? (() => new Date());
  return {
    async sweep() {
      // Rows first, then folders: a signing that completes between the two shows up as a folder
      // without a row (kept by the grace period, and checked again below), never as a row without
      // files. This is linear in the number of assets: a directory walk, or on S3 one ListObjectsV2
      // page per 1,000 objects (about 330 assets) every sweep.
      const rowIds = await deps.signedAssets.listIds();
      const folders = await deps.store.list();
      const cutoff = clock().getTime() - deps.graceMs;

      const complete = new Set(folders.filter((folder) => REQUIRED_FILES.every((file) => folder.files.includes(file))).map((folder) => folder.assetId));
      const rowsWithoutFiles = [...rowIds].filter((id) => !complete.has(id));

      const withoutRow = folders.filter((folder) => !rowIds.has(folder.assetId));
      const old = withoutRow.filter((folder) => folder.lastModified.getTime() <= cutoff);
      const result: OrphanSweepResult = { removedFolders: [], foldersInGrace: withoutRow.length - old.length, rowsWithoutFiles };
      // No rows at all but old folders: most likely the database is not the one these files belong
      // with (a fresh database pointed at an old DATA_DIR). Removing them would wipe every signed file.
      if (rowIds.size === 0 && old.length > 0) return { ...result, refused: 'no_rows' };
      for (const folder of old) {
        // The row may have been inserted since the IDs were read: only a folder still without one goes.
        if (await deps.signedAssets.findById(folder.assetId)) continue;
        await deps.store.remove(folder.assetId);
        result.removedFolders.push(folder.assetId);
      }
      return result;
    },
  };
}
