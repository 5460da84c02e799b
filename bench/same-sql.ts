import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.js';
import { EVENTS_INSERT_STATEMENT, eventRecordsJson, eventsInsertStatement } from '../src/events/outbox.js';
import { ENQUEUE_MESSAGES_STATEMENT, enqueueMessagesStatement } from '../src/modules/webhooks/messages.repo.js';

/** Shared by the same-SQL baselines: statements built with the platform's builders, run on bare node-postgres. */
export const dialect = new PgDialect();
export const mock = drizzle.mock({ schema });

export function runSql(c: pg.PoolClient | pg.Pool, q: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return c.query(text, params);
}

/** A statement run as a named prepared statement, as the platform runs it (executeNamed). */
export function runNamed(c: pg.PoolClient | pg.Pool, name: string, q: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(q);
  return c.query({ name, text, values: params });
}

/**
 * One event per row, as the platform records a batch's events: the outbox's insert (recordEvents: returning id
 * and created_at) and the webhook consumer's fan-out (its named statement).
 */
export async function recordEventsSql(
  c: pg.PoolClient,
  type: string,
  rows: { companyId: string; organizationId: string; payload: unknown }[],
  now: Date,
) {
  const events = rows.map((r) => ({
    id: randomUUID(),
    type,
    version: 1,
    source: 'payment-platform',
    companyId: r.companyId,
    organizationId: r.organizationId,
    correlationId: randomUUID(),
    payload: r.payload as Record<string, unknown>,
    occurredAt: now,
  }));
  await runNamed(c, EVENTS_INSERT_STATEMENT, eventsInsertStatement(eventRecordsJson(events)));
  await runNamed(
    c,
    ENQUEUE_MESSAGES_STATEMENT,
    enqueueMessagesStatement(
      events.map((e) => ({
        event_id: e.id,
        organization_id: e.organizationId,
        company_id: e.companyId,
        type,
        occurred_at: now.toISOString(),
      })),
    ),
  );
}
