// The manifest chain of an asset: the active manifest, then the manifest of its parent ingredient,
// then that one's parent, back to the first signing. Each step is an edit someone signed; this is
// the history the report lists newest first.
import type { TIngredientNode, TManifestSummary, TVerificationReport, TVerificationStatus } from '@provenance/contracts';

export interface ChainStep {
  manifest: TManifestSummary;
  /** The verdict of this step: the asset's own for the active manifest, else its ingredient's. */
  status: TVerificationStatus;
}

const MAX_STEPS = 64;

export function manifestChain(report: TVerificationReport, activeStatus: TVerificationStatus): ChainStep[] {
  const byLabel = new Map(report.manifests.map((manifest) => [manifest.label, manifest]));
  const active = report.activeManifest;
  if (!active) return [];
  const steps: ChainStep[] = [{ manifest: active, status: activeStatus }];
  const seen = new Set([active.label]);
  let ingredients: TIngredientNode[] = report.ingredients;
  while (steps.length < MAX_STEPS) {
    const parent = ingredients.find((node) => node.relationship === 'parentOf' && node.manifestLabel);
    const manifest = parent?.manifestLabel ? byLabel.get(parent.manifestLabel) : undefined;
    if (!parent || !manifest || seen.has(manifest.label)) break;
    seen.add(manifest.label);
    steps.push({ manifest, status: parent.status });
    ingredients = parent.children;
  }
  return steps;
}
