import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const JOB_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobs = pgTable('jobs', {
  id: uuid('id').primaryKey(),
  kind: text('kind').notNull(),
  organizationId: uuid('organization_id'),
  runAt: ts('run_at').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  dedupeKey: text('dedupe_key'),
  status: text('status').$type<JobStatus>().notNull(),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error'),
  lockedUntil: ts('locked_until'),
  leaseToken: uuid('lease_token'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  finishedAt: ts('finished_at'),
});

export type JobRow = typeof jobs.$inferSelect;
