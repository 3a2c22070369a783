// Mounts the /account routes (Settings).
import type { ApiApp, RouteContext } from '../route-context.ts';
import { registerChangePassword } from './change-password.ts';
import { registerConfirmOrganization } from './confirm-organization.ts';
import { registerDeleteAccount } from './delete-account.ts';
import { registerGetNotificationPreferences } from './get-notification-preferences.ts';
import { registerGetOrganization } from './get-organization.ts';
import { registerListApiKeys } from './list-api-keys.ts';
import { registerRegenerateApiKey } from './regenerate-api-key.ts';
import { registerRequestOrganizationConfirmation } from './request-organization-confirmation.ts';
import { registerSaveNotificationPreferences } from './save-notification-preferences.ts';
import { registerUpdateEmail } from './update-email.ts';
import { registerUpdateOrganization } from './update-organization.ts';

export function registerAccountRoutes(api: ApiApp, ctx: RouteContext): void {
  registerUpdateEmail(api, ctx);
  registerChangePassword(api, ctx);
  registerDeleteAccount(api, ctx);
  registerListApiKeys(api, ctx);
  registerRegenerateApiKey(api, ctx);
  registerGetNotificationPreferences(api, ctx);
  registerSaveNotificationPreferences(api, ctx);
  registerGetOrganization(api, ctx);
  registerUpdateOrganization(api, ctx);
  registerRequestOrganizationConfirmation(api, ctx);
  registerConfirmOrganization(api, ctx);
}
