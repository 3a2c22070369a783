// What a client is told when a contract refuses a value: the first issue's field (its path, dotted)
// and its message, which the server's validation hook turns into a 400 naming the field.
import type { ZodType } from 'zod';

export interface Refusal {
  field: string;
  message: string;
}

/** The first issue of `value` under `schema`; null when the value is accepted. */
export function refusalOf(schema: ZodType, value: unknown): Refusal | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { field: issue.path.map(String).join('.'), message: issue.message };
}
