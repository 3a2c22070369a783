// Turns a failed zod validation of a request into the API's 400 `{error: {code, message}}`, with a
// message that names the field (the schemas' own messages already do; generic ones get the path).
import type { Hook } from '@hono/zod-openapi';
import type { ZodError } from 'zod';

/** Zod's issue, as far as this module reads it (a union's carries each alternative's issues). */
interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  errors?: Issue[][];
}

/**
 * A union none of whose alternatives fit says only "Invalid input": the issue worth naming is the
 * one of the alternative the request meant, the one that failed on no unknown field.
 */
function meantIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || !issue.errors) return issue;
  const meant = issue.errors.find((issues) => issues.length > 0 && !issues.some((inner) => inner.code === 'unrecognized_keys'));
  return meant ? meantIssue({ ...meant[0]!, path: [...issue.path, ...meant[0]!.path] }) : issue;
}

export function validationMessage(error: ZodError): string {
  const first = error.issues[0] as Issue | undefined;
  const issue = first && meantIssue(first);
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
