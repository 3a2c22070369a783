// Column builders every table repeats, written once so the timestamps keep one type, name and default.
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written; the database fills it in. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** When the row last changed; callers set it on update, the database fills it in on insert. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
