import { bigint, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

export const sandboxClocks = pgTable('sandbox_clocks', {
  organizationId: uuid('organization_id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});
