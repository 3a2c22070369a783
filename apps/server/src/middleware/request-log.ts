// One structured log line per request: id, method, path (without the query string, which may carry
// tokens), status and duration. No headers and no bodies are ever logged.
import { createMiddleware } from 'hono/factory';
import type { Logger } from '../logging/logger.ts';

export function requestLog(logger: Logger) {
  return createMiddleware<{ Variables: { requestId: string } }>(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
