// Field schemas shared by several resources, with messages that name the field.
import { z } from '@hono/zod-openapi';

/** Minimum password length of the product. */
export const MIN_PASSWORD_LENGTH = 6;

/**
 * PostgreSQL text cannot hold NUL (U+0000), and no name, message or ID needs one: text fields
 * refuse it as invalid input (a 400) rather than failing at the database (a 500).
 */
export function rejectNul<T extends z.ZodType<string>>(schema: T, field: string): T {
  return schema.refine((value) => !value.includes('\u0000'), `${field} must not contain NUL characters`);
}

/**
 * The name an account signs under (its managed signing certificate's organisation, published in
 * every signature it makes): the same rules wherever it is given, with the field's own name in the
 * messages (`name` in PUT /account/organization, `organization` in a signing request).
 */
export function organizationNameSchema(field: string) {
  return rejectNul(
    z.string({ error: `${field} is required: the name to sign under` }).trim().min(1, `${field} must not be empty: give the name to sign under`).max(200, `${field} must be at most 200 characters`),
    field,
  );
}

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Email must be a valid email address' }))
  .openapi({ example: 'ada@example.com' });

/**
 * A password being chosen, its messages naming `field`: long enough, and not a length reached by
 * padding (blank, or one character repeated, such as six spaces or `aaaaaa`). The server refuses
 * common passwords and the account's own email besides.
 */
export function newPasswordSchema(field: 'Password' | 'New password') {
  return z
    .string({ error: `${field} is required` })
    .min(MIN_PASSWORD_LENGTH, `${field} must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(128, `${field} must be at most 128 characters`)
    .refine((password) => password.trim().length > 0, `${field} must not be only spaces`)
    .refine((password) => !/^(.)\1*$/su.test(password), `${field} must not be one character repeated`);
}

export const ZNewPassword = newPasswordSchema('Password').openapi({ example: 'correct horse' });

/** An ISO 8601 timestamp as the API writes it. */
export const ZTimestamp = z.string().openapi({ example: '2026-11-21T14:38:06.000Z' });
