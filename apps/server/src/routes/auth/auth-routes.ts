// Mounts the /auth routes.
import type { ApiApp, RouteContext } from '../route-context.ts';
import { registerConfirmSignUp } from './confirm-sign-up.ts';
import { registerCreateDemoAccount } from './create-demo-account.ts';
import { registerGetUser } from './get-user.ts';
import { registerRefreshSession } from './refresh-session.ts';
import { registerSignIn } from './sign-in.ts';
import { registerSignOut } from './sign-out.ts';
import { registerSignUp } from './sign-up.ts';

export function registerAuthRoutes(api: ApiApp, ctx: RouteContext): void {
  registerSignUp(api, ctx);
  registerConfirmSignUp(api, ctx);
  registerSignIn(api, ctx);
  registerRefreshSession(api, ctx);
  registerSignOut(api, ctx);
  registerGetUser(api, ctx);
  registerCreateDemoAccount(api, ctx);
}
