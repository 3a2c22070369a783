import { describe, expect, it, vi } from 'vitest';
import type { TSignContentResponse } from '@provenance/contracts';
import { ApiError } from './client';
import { signUpload, type UploadRequest } from './signing';

class FakeRequest {
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function setup() {
  const fake = new FakeRequest();
  return { fake, createRequest: () => fake as unknown as UploadRequest };
}

const FILE = new File([new Uint8Array([1, 2, 3])], 'photo.jpg', { type: 'image/jpeg' });

describe('signUpload', () => {
  it('sends the file and the metadata as multipart with the bearer token, and reports progress', async () => {
    const { fake, createRequest } = setup();
    const onProgress = vi.fn();
    const done = signUpload(FILE, { creator: 'Ada' }, { accessToken: 'tok', createRequest, onProgress });
    await vi.waitFor(() => expect(fake.body).toBeInstanceOf(FormData));
    expect(fake.method).toBe('POST');
    expect(fake.url).toMatch(/\/api\/v1\/sign-content$/);
    expect(fake.headers.Authorization).toBe('Bearer tok');
    const form = fake.body as FormData;
    expect((form.get('file') as File).name).toBe('photo.jpg');
    expect(JSON.parse(String(form.get('metadata')))).toEqual({ creator: 'Ada' });

    fake.upload.onprogress?.({ loaded: 1, total: 3, lengthComputable: true } as ProgressEvent);
    expect(onProgress).toHaveBeenCalledWith({ loaded: 1, total: 3 });

    fake.respond(201, { success: true, manifestId: 'urn:c2pa:1' });
    await expect(done).resolves.toMatchObject({ manifestId: 'urn:c2pa:1' } satisfies Partial<TSignContentResponse>);
  });

  it('turns the API error shape into an ApiError with the server message', async () => {
    const { fake, createRequest } = setup();
    const done = signUpload(FILE, { creator: 'Ada' }, { accessToken: null, createRequest });
    await vi.waitFor(() => expect(fake.body).not.toBeNull());
    expect(fake.headers.Authorization).toBeUndefined();
    fake.respond(422, { error: { code: 'unsupported_media', message: 'This file type cannot be signed' } });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'This file type cannot be signed' });
  });

  it('reports a network failure and a cancelled upload', async () => {
    const first = setup();
    const failed = signUpload(FILE, { creator: 'Ada' }, { accessToken: null, createRequest: first.createRequest });
    await vi.waitFor(() => expect(first.fake.body).not.toBeNull());
    first.fake.onerror?.();
    await expect(failed).rejects.toMatchObject({ status: 0, code: 'network_error' });

    const second = setup();
    const controller = new AbortController();
    const cancelled = signUpload(FILE, { creator: 'Ada' }, { accessToken: null, createRequest: second.createRequest, signal: controller.signal });
    await vi.waitFor(() => expect(second.fake.body).not.toBeNull());
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
