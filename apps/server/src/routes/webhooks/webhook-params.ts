// The path parameter every /webhooks/{id} route takes.
import { z } from '@hono/zod-openapi';

export const ZWebhookIdParam = z.object({ id: z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' }, example: '3f0c2a9e-5d1b-4c7e-9a60-2b8f1e4d7c35' }) });
