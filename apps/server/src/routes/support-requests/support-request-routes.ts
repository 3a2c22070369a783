// Mounts the /support-requests routes (Support Center).
import type { ApiApp, RouteContext } from '../route-context.ts';
import { registerCreateSupportRequest } from './create-support-request.ts';
import { registerListSupportRequests } from './list-support-requests.ts';

export function registerSupportRequestRoutes(api: ApiApp, ctx: RouteContext): void {
  registerCreateSupportRequest(api, ctx);
  registerListSupportRequests(api, ctx);
}
