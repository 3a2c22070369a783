// Request body limits: JSON bodies are small (1 MB by default); uploads may reach MAX_ASSET_BYTES.
// Over the limit is a 413 in the API's error shape.
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody } from '../http/error-handler.ts';

export function bodySizeLimit(options: { maxJsonBytes: number; maxAssetBytes: number }) {
  const limitOf = (maxSize: number) => bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody('payload_too_large', `Request body exceeds ${maxSize} bytes`), 413),
  });
  const jsonLimit = limitOf(options.maxJsonBytes);
  const assetLimit = limitOf(options.maxAssetBytes);
  return createMiddleware(async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    const isUpload = type.startsWith('multipart/form-data') || type.startsWith('application/octet-stream') || /^(image|video)\//.test(type);
    return (isUpload ? assetLimit : jsonLimit)(c, next);
  });
}
