// Reading the run's mailbox (mailbox.ts) as the owner of an address would: the confirmation link
// of a sign-up, to follow in a browser or through the real POST /auth/confirm-sign-up.
import { MAILBOX_URL } from './e2e-env.ts';

/** The link of the newest sign-up confirmation mail to `email`, waiting for it (20 s at most). */
export async function confirmationLink(email: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const messages = (await (await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
    const link = messages
      .map((message) => /https?:\/\/\S+\/confirm-sign-up#token=[\w%-]+/.exec(message.text)?.[0])
      .filter((found): found is string => Boolean(found))
      .at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no sign-up confirmation mail to ${email} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The token of a confirmation link (after '#token='). */
export function tokenOfLink(link: string): string {
  return decodeURIComponent(new URL(link).hash.replace(/^#token=/, ''));
}
