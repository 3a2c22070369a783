// The one error shape of the API: every failure is `{error: {code, message}}` with a matching status.
import { z } from '@hono/zod-openapi';

export const ZErrorCode = z.enum([
  'validation_error',
  'invalid_credentials',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'internal_error',
]);
export type TErrorCode = z.infer<typeof ZErrorCode>;

export const ZErrorResponse = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_error' }),
      message: z.string().openapi({ example: 'Password must be at least 6 characters' }),
    }),
  })
  .openapi('ErrorResponse');
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
