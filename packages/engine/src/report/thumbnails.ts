/**
 * Thumbnails as data: URLs, when the caller asks for them: the manifests' and every ingredient's,
 * read from the manifest store's resources.
 */
import type { IngredientNode, ThumbnailRef, VerifyResponse } from './verification-report.ts';

/** A resource of the manifest store by its identifier (throws when it is missing). */
export type ReadResource = (identifier: string) => Uint8Array;

function attachThumbnail(thumbnail: ThumbnailRef | null, read: ReadResource): void {
  if (!thumbnail) return;
  try {
    thumbnail.dataUrl = `data:${thumbnail.format};base64,${Buffer.from(read(thumbnail.identifier)).toString('base64')}`;
  } catch {
    // A missing thumbnail resource is reported by c2pa-rs's own codes; the report goes on without it.
  }
}

function attachToIngredients(nodes: IngredientNode[], read: ReadResource): void {
  for (const node of nodes) {
    attachThumbnail(node.thumbnail, read);
    attachToIngredients(node.children, read);
  }
}

/** Fill in `dataUrl` on every thumbnail of the report, in place. */
export function attachThumbnails(response: VerifyResponse, read: ReadResource): void {
  for (const manifest of response.report.manifests) attachThumbnail(manifest.thumbnail, read);
  attachToIngredients(response.report.ingredients, read);
}
