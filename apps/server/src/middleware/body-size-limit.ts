// Request body limits: JSON bodies are small (1 MB by default); uploads may reach MAX_ASSET_BYTES.
// Over the limit is a 413 in the API's error shape.
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody } from '../http/error-handler.ts';
import { isUploadBody } from '../http/upload-reader.ts';

export function bodySizeLimit(options: { maxJsonBytes: number; maxAssetBytes: number }) {
  const limitOf = (maxSize: number) => bodyLimit({
    maxSize,
    onError: (c) => c.json(errorBody('payload_too_large', `Request body exceeds ${maxSize} bytes`), 413),
  });
  const jsonLimit = limitOf(options.maxJsonBytes);
  const assetLimit = limitOf(options.maxAssetBytes);
  return createMiddleware(async (c, next) => {
    return (isUploadBody(c.req.header('content-type') ?? '') ? assetLimit : jsonLimit)(c, next);
  });
}
