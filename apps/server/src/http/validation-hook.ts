// Turns a failed zod validation of a request into the API's 400 `{error: {code, message}}`, with a
// message that names the field (the schemas' own messages already do; generic ones get the path).
import type { Hook } from '@hono/zod-openapi';
import type { ZodError } from 'zod';

export function validationMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const field = issue.path.map(String).join('.');
  const letters = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');
  if (!field || letters(issue.message).includes(letters(String(issue.path.at(-1))))) return issue.message;
  return `${field}: ${issue.message}`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Hook's generics are per route; this one handler serves all.
export const validationHook: Hook<any, any, any, any> = (result, c) => {
  if (!result.success) {
    return c.json({ error: { code: 'validation_error', message: validationMessage(result.error) } }, 400);
  }
  return undefined;
};
