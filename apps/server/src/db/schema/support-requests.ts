// Table of support requests sent through the contact form, signed in or not.
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

export const supportRequests = pgTable('support_requests', {
  id: text('id').primaryKey().$defaultFn(() => crypto.randomUUID()),
  /** Sequential number behind the reference shown to the user (SR-<year>-<number>). */
  number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
  /** Deleting the account deletes the requests it sent; anonymous requests have no user. */
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  status: text('status', { enum: ['received'] }).notNull().default('received'),
  createdAt: createdAt(),
}, (table) => [index('support_requests_user_idx').on(table.userId, table.createdAt)]);
