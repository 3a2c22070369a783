import { describe, expect, it } from 'vitest';
import { verifiedResult } from '../test-fixtures';
import { buildTree, countFailing, countNodes } from './ingredient-tree';

describe('ingredient tree', () => {
  it('judges each thumbnail by the manifest that holds it', () => {
    const tree = buildTree(verifiedResult.report.ingredients, 'verified');
    // Top-level thumbnails belong to the verified active manifest.
    expect(tree.map((node) => node.thumbnailTrusted)).toEqual([true, true]);
    // The nested thumbnail belongs to the agency's manifest, whose signer is not trusted.
    expect(tree[1]!.children[0]!.thumbnailTrusted).toBe(false);
    expect(tree[1]!.children[0]!.id).toBe('ingredient-1-0');
    expect(tree[1]!.children[0]!.depth).toBe(1);
  });

  it('distrusts every thumbnail of a manifest that is not verified', () => {
    expect(buildTree(verifiedResult.report.ingredients, 'partial').every((node) => !node.thumbnailTrusted)).toBe(true);
  });

  it('counts nodes and failing ingredients through the whole tree', () => {
    expect(countNodes(verifiedResult.report.ingredients)).toBe(3);
    expect(countFailing(verifiedResult.report.ingredients)).toBe(0);
    expect(countFailing([{ ...verifiedResult.report.ingredients[0]!, status: 'invalid' }])).toBe(1);
  });
});
