/**
 * Which buffers can cross to another thread by transfer (moved, not copied). A view is moved only
 * when it spans its whole ArrayBuffer: moving a buffer detaches every view of it, and a small Node
 * Buffer is often a slice of a shared slab that other Buffers still use. Such a view is copied.
 */
export function transferablesOf(views: readonly (Uint8Array | undefined)[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    if (!view || !(view.buffer instanceof ArrayBuffer)) continue;
    if (view.byteOffset !== 0 || view.byteLength !== view.buffer.byteLength || view.buffer.byteLength === 0) continue;
    buffers.add(view.buffer);
  }
  return [...buffers];
}
