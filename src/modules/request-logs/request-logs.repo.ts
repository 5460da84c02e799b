import { and, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { affectedRowsOf } from '../../db/rows.js';
import { requestLogs } from '../../db/schema/index.js';
import { selectPage } from '../../http/pagination.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import type { RequestLogListQuery } from './request-logs.schemas.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const CLASS_BOUNDS = { '2xx': [200, 300], '4xx': [400, 500], '5xx': [500, 600] } as const;

export function listRequestLogs(db: Executor, principal: CompanyPrincipal, q: RequestLogListQuery) {
  const where: (SQL | undefined)[] = [ownedRowsInReach(principal, requestLogs)];
  if (q.status !== undefined) where.push(eq(requestLogs.status, q.status));
  if (q.status_class) {
    const [from, to] = CLASS_BOUNDS[q.status_class];
    where.push(gte(requestLogs.status, from), lt(requestLogs.status, to));
  }
  if (q.path) where.push(like(requestLogs.path, `${escapeLike(q.path)}%`));
  if (q.method) where.push(eq(requestLogs.method, q.method));
  if (q.request_id) where.push(eq(requestLogs.requestId, q.request_id));
  if (q.company_id) where.push(eq(requestLogs.companyId, q.company_id));
  return selectPage(db, requestLogs, and(...where), q, { id: requestLogs.id, createdAt: requestLogs.createdAt });
}

/**
 * Deletes up to `limit` logs older than `before`; how many it deleted. Reached organization by organization through
 * the listing's own index (organization_id, created_at desc, id): a third index on created_at alone, for this
 * hourly job only, cost PostgreSQL ~25% more CPU on every log row written (docs/decisions/benchmarks.md, "The
 * request log's cost in PostgreSQL"), so migration 0860 dropped it.
 */
export async function purgeRequestLogs(db: Executor, before: Date, limit: number): Promise<number> {
  const deleted = await db.execute(
    sql`delete from request_logs where id in (
          select old.id from companies o
          cross join lateral (
            select l.id from request_logs l where l.organization_id = o.id and l.created_at < ${before}
            order by l.created_at limit ${limit}
          ) old
          where o.kind = 'ORGANIZATION'
          limit ${limit})`,
  );
  return affectedRowsOf(deleted);
}
