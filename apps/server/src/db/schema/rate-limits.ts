// Table of rate limit counters, kept in the database rather than in memory so that every server
// copy counts against the same window.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window rate limit counters. `key` names the limit and its subject,
 * e.g. `sign-in:ip:203.0.113.9`.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  count: integer('count').notNull(),
}, (table) => [index('rate_limit_window_idx').on(table.windowStart)]);
