import { describe, expect, it } from 'vitest';
import type { TIngredientNode, TManifestSummary, TVerificationReport } from '@provenance/contracts';
import { manifestChain } from './manifest-chain';

const manifest = (label: string): TManifestSummary => ({
  label, title: label, format: 'image/jpeg', claimGenerator: null, signer: null, signedAt: null, creator: null, license: null, aiDisclosure: null,
  digitalSourceTypes: [], actions: [], assertions: [], redactions: [], location: null, device: null, thumbnail: null, ingredientCount: 0,
});
const node = (label: string | null, relationship: string, children: TIngredientNode[] = []): TIngredientNode => ({
  title: label, format: null, relationship, manifestLabel: label, status: 'partial', failures: [], thumbnail: null, children,
});

describe('manifestChain', () => {
  it('follows parent ingredients from the active manifest back to the first signing, newest first', () => {
    const report = {
      activeManifest: manifest('c'),
      manifests: ['c', 'b', 'a', 'x'].map(manifest),
      ingredients: [node('x', 'componentOf'), node('b', 'parentOf', [node('a', 'parentOf')])],
    } as unknown as TVerificationReport;
    expect(manifestChain(report, 'verified').map((step) => [step.manifest.label, step.status])).toEqual([['c', 'verified'], ['b', 'partial'], ['a', 'partial']]);
  });

  it('is empty without an active manifest and stops at a loop', () => {
    expect(manifestChain({ activeManifest: null, manifests: [], ingredients: [] } as unknown as TVerificationReport, 'unsigned')).toEqual([]);
    const looped = { activeManifest: manifest('a'), manifests: [manifest('a')], ingredients: [node('a', 'parentOf')] } as unknown as TVerificationReport;
    expect(manifestChain(looped, 'partial')).toHaveLength(1);
  });
});
