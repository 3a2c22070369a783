// Support request contract: the Contact Support form of the Support Center.
import { z } from '@hono/zod-openapi';
import { rejectNul, ZEmail, ZTimestamp } from './common.ts';

function requiredText(field: string, max: number): z.ZodString {
  return rejectNul(
    z
      .string({ error: `${field} is required` })
      .trim()
      .min(1, `${field} is required`)
      .max(max, `${field} must be at most ${max} characters`),
    field,
  );
}

export const ZCreateSupportRequest = z
  .object({
    name: requiredText('Name', 200),
    email: ZEmail,
    subject: requiredText('Subject', 300),
    message: requiredText('Message', 10_000),
  })
  .openapi('CreateSupportRequest');
export type TCreateSupportRequest = z.infer<typeof ZCreateSupportRequest>;

export const ZSupportRequestStatus = z.enum(['received']);

export const ZSupportRequestReceipt = z
  .object({
    id: z.string(),
    reference: z.string().openapi({ example: 'SR-2026-000123' }),
    status: ZSupportRequestStatus,
    createdAt: ZTimestamp,
  })
  .openapi('SupportRequestReceipt');
export type TSupportRequestReceipt = z.infer<typeof ZSupportRequestReceipt>;

export const ZSupportRequest = ZSupportRequestReceipt.extend({
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
}).openapi('SupportRequest');
export type TSupportRequest = z.infer<typeof ZSupportRequest>;

export const ZSupportRequestListResponse = z
  .object({ requests: z.array(ZSupportRequest) })
  .openapi('SupportRequestListResponse');
export type TSupportRequestListResponse = z.infer<typeof ZSupportRequestListResponse>;
