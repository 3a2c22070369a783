// Mounts the /webhooks routes (Settings, Webhooks; the API with a session or an API key); one handler per file.
import type { ApiApp, RouteContext } from '../route-context.ts';
import { registerCreateWebhook } from './create-webhook.ts';
import { registerDeleteWebhook } from './delete-webhook.ts';
import { registerListWebhookDeliveries } from './list-webhook-deliveries.ts';
import { registerListWebhooks } from './list-webhooks.ts';
import { registerSendTestWebhook } from './send-test-webhook.ts';

export function registerWebhookRoutes(api: ApiApp, ctx: RouteContext): void {
  registerCreateWebhook(api, ctx);
  registerListWebhooks(api, ctx);
  registerDeleteWebhook(api, ctx);
  registerListWebhookDeliveries(api, ctx);
  registerSendTestWebhook(api, ctx);
}
