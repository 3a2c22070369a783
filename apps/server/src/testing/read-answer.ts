// Reads a route's JSON answer through its contract schema, so a test fails when the route answers
// other than the contract promises: a missing or mistyped field fails the parse, an extra one the
// comparison (zod drops keys it does not know).
import { expect } from 'vitest';
import type { z } from 'zod';

export async function readAnswer<Schema extends z.ZodType>(schema: Schema, response: Response): Promise<z.output<Schema>> {
  const body: unknown = await response.json();
  const answer = schema.parse(body);
  expect(answer, 'the answer holds only what the contract names').toEqual(body);
  return answer;
}
