// The ingredient tree as the report draws it: each node gets a stable id, and its thumbnail is
// judged by the manifest that holds it. An ingredient's thumbnail is an assertion of the manifest
// that lists the ingredient, so it is only as trustworthy as that manifest's signer.
import type { TIngredientNode, TVerificationStatus } from '@provenance/contracts';

export interface TreeNode {
  id: string;
  node: TIngredientNode;
  depth: number;
  /** True when the manifest holding this node's thumbnail was verified against a trust list. */
  thumbnailTrusted: boolean;
  children: TreeNode[];
}

export function buildTree(ingredients: TIngredientNode[], rootStatus: TVerificationStatus): TreeNode[] {
  const walk = (nodes: TIngredientNode[], holderStatus: TVerificationStatus, prefix: string, depth: number): TreeNode[] =>
    nodes.map((node, index) => {
      const id = `${prefix}${index}`;
      return { id, node, depth, thumbnailTrusted: holderStatus === 'verified', children: walk(node.children, node.status, `${id}-`, depth + 1) };
    });
  return walk(ingredients, rootStatus, 'ingredient-', 0);
}

export function countNodes(nodes: TIngredientNode[]): number {
  return nodes.reduce((total, node) => total + 1 + countNodes(node.children), 0);
}

/** Ingredients whose own credentials failed, anywhere in the tree. */
export function countFailing(nodes: TIngredientNode[]): number {
  return nodes.reduce((total, node) => total + (node.status === 'invalid' ? 1 : 0) + countFailing(node.children), 0);
}
