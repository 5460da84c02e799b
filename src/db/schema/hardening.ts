import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Login attempts per identifier and client address (address '' = every address), product.md §14. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    identifier: text('identifier').notNull(),
    address: text('address').notNull(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.address] })],
);
