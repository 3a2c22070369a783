// The email an account's owner gets when someone tries to create an account with their address:
// sign-up answers that attempt as it answers a new address (a mail was sent), without saying the
// address is taken, so the owner is the one told (and told how to get back in). At most one an hour per
// account, so the form cannot be used to flood an owner's inbox.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';
import { renderEmail } from './email-layout.ts';
import type { EmailOutbox } from './email-outbox.ts';

export const SIGN_UP_NOTICE_INTERVAL_SECONDS = 60 * 60;

export interface SignUpNotices {
  /** Tells the owner of `email` (normalized) that a sign-up tried it; nothing for a demo account or an unknown address. */
  addressTaken(email: string): Promise<void>;
}

export function createSignUpNotices(deps: { db: Db; outbox: EmailOutbox; publicUrl: string }): SignUpNotices {
  return {
    async addressTaken(email) {
      const [owner] = await deps.db.select({ id: users.id, email: users.email, isDemo: users.isDemo }).from(users).where(eq(users.email, email)).limit(1);
      if (!owner || owner.isDemo) return;
      await deps.outbox.enqueue({
        kind: 'sign-up-attempt',
        userId: owner.id,
        to: owner.email,
        throttle: { key: `sign-up-attempt:${owner.id}`, seconds: SIGN_UP_NOTICE_INTERVAL_SECONDS },
        ...renderEmail({
          subject: 'Someone tried to create an account with your email address',
          heading: 'Your email address is already registered',
          paragraphs: [
            'Someone just tried to create a Provenance Gateway account with this email address, which already has an account. No new account was created and nothing of yours changed.',
            'If it was you, sign in with your password instead (if you no longer know it, ask us through the Support page). If it was not, you can ignore this email.',
          ],
          links: [{ label: 'Sign in', url: new URL('/login', deps.publicUrl).href }],
        }),
      });
    },
  };
}
