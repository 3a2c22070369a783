import { describe, expect, it, vi } from 'vitest';
import type { UploadRequest } from './upload';
import { verifyAssetFile } from './verification';

/** A stand-in for XMLHttpRequest that reports progress and answers when told. */
class FakeRequest {
  url = '';
  status = 0;
  statusText = '';
  responseText = '';
  sent = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    this.sent = true;
  }
  abort() {
    this.onabort?.();
  }
}

function fakeNetwork(connected: boolean) {
  const listeners = new Set<(status: { connected: boolean }) => void>();
  let current = { connected };
  return {
    get: () => current,
    subscribe(listener: (status: { connected: boolean }) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      current = { connected: next };
      for (const listener of [...listeners]) listener(current);
    },
  };
}

const file = new File([new Uint8Array(2048)], 'photo.jpg', { type: 'image/jpeg' });

describe('verifyAssetFile', () => {
  it('reports the bytes sent and resolves with the verdict', async () => {
    const fake = new FakeRequest();
    const progress = vi.fn();
    const answer = verifyAssetFile(file, { thumbnails: true, onProgress: progress, createRequest: () => fake as unknown as UploadRequest, network: fakeNetwork(true) });
    await vi.waitFor(() => expect(fake.sent).toBe(true));
    expect(fake.url).toBe('/api/v1/verify-content?thumbnails=1');
    fake.upload.onprogress?.({ loaded: 1024, total: 2048, lengthComputable: true });
    expect(progress).toHaveBeenLastCalledWith({ loaded: 1024, total: 2048 });
    fake.status = 200;
    fake.responseText = JSON.stringify({ verification: { status: 'unsigned' } });
    fake.onload?.();
    await expect(answer).resolves.toMatchObject({ verification: { status: 'unsigned' } });
  });

  it('offline, waits for a connection and says so, then sends', async () => {
    const fake = new FakeRequest();
    const network = fakeNetwork(false);
    const waiting = vi.fn();
    void verifyAssetFile(file, { onProgress: () => undefined, onWaiting: waiting, createRequest: () => fake as unknown as UploadRequest, network });
    await vi.waitFor(() => expect(waiting).toHaveBeenCalledWith(true));
    expect(fake.sent).toBe(false);
    network.set(true);
    await vi.waitFor(() => expect(fake.sent).toBe(true));
    expect(waiting).toHaveBeenLastCalledWith(false);
  });
});
