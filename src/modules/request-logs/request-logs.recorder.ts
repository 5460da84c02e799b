import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { requestLogs } from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { safePath } from '../../http/raw-errors.js';
import { containsPan } from '../../domain/pan.js';
import { isSensitivePath } from '../../http/validation.js';
import { executeNamed } from '../../db/named-statement.js';
import { timeOrderedUuid } from '../../db/time-ordered-uuid.js';
import { arrayLiteral, type ArrayElement } from '../../db/array-literal.js';
import { BufferedWrites } from '../../db/buffered-writes.js';

type NewRequestLog = typeof requestLogs.$inferInsert;

/** Rows are written in batches: at most this many wait, and none longer than FLUSH_MS. */
const MAX_BUFFERED = 200;
const FLUSH_MS = 500;

/** The request logs' own reads are not logged (a dashboard polling them would fill the log with itself). */
const SELF = '/core/v1/request-logs';

/**
 * Keeps a log of every authenticated company request off the request path: `onResponse` appends to a buffer
 * (src/db/buffered-writes.ts) that is written in one insert when it fills, within half a second while started, and
 * before any read of the log (so a caller always sees its own requests). A failed write is dropped and counted,
 * never retried into the request path: the log is a diagnostic, not a record of money.
 */
export class RequestLogRecorder {
  private readonly rows: BufferedWrites<NewRequestLog>;

  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    this.rows = new BufferedWrites((rows) => executeNamed(db, 'request_logs_insert', insertRows(rows)), {
      maxBuffered: MAX_BUFFERED,
      flushMs: FLUSH_MS,
    });
  }

  /** Rows lost to failed writes. */
  get dropped(): number {
    return this.rows.dropped;
  }

  record(row: NewRequestLog): void {
    this.rows.push(row);
  }

  /** Writes what is buffered (and waits for a write in progress). */
  flush(): Promise<void> {
    return this.rows.flush();
  }

  /** Timed writes from now on (a row waits at most FLUSH_MS); before, rows are written when full or read. */
  start(): void {
    this.rows.start();
  }

  async stop(): Promise<void> {
    await this.rows.stop();
  }

  /** Registers the `onResponse` hook on the core app. */
  install(app: FastifyInstance): void {
    // A callback hook, not an async one: nothing here waits, and every request would pay for a promise.
    app.addHook('onResponse', (request, reply, done) => {
      const row = this.rowOf(request, reply);
      if (row) this.record(row);
      done();
    });
  }

  private rowOf(request: FastifyRequest, reply: FastifyReply): NewRequestLog | null {
    const principal = request.principal;
    if (!principal || (principal.kind !== 'organization' && principal.kind !== 'merchant')) return null;
    const path = safePath(request.url);
    if (path === SELF) return null;
    const body = request.body;
    const summary =
      body !== null && typeof body === 'object' && !Array.isArray(body)
        ? bodySummary(body as Record<string, unknown>, request)
        : null;
    const sentRequestId = summary ? (body as { request_id?: unknown }).request_id : undefined;
    // The key a create was accepted under (or that clashed: 409). A refused body's request_id may be anything a
    // client put there, a card number or a card ciphertext included, so it is not kept.
    const accepted = reply.statusCode < 400 || reply.statusCode === 409;
    const requestIdField =
      accepted && typeof sentRequestId === 'string' && !containsPan(sentRequestId) && !sentRequestId.startsWith('ev:')
        ? sentRequestId
        : null;
    const createdAt = this.clock.now();
    return {
      // Time-ordered (UUIDv7 from the row's own time): ~20% less of PostgreSQL's CPU per row than a random id.
      id: timeOrderedUuid(createdAt.getTime()),
      organizationId: principal.organizationId,
      companyId: principal.companyId,
      apiKeyId: principal.via === 'api_key' ? principal.credentialId : null,
      userId: principal.userId ?? null,
      source: principal.via === 'api_key' ? 'API_KEY' : 'USER_SESSION',
      ip: request.ip ?? null,
      method: request.method,
      path,
      status: reply.statusCode,
      errorCode: request.errorCode ?? null,
      durationMs: Math.max(0, Math.round(reply.elapsedTime)),
      requestId: request.id,
      idempotencyKey: requestIdField,
      replayed: reply.getHeader('idempotent-replayed') === 'true',
      bodySummary: summary,
      createdAt,
    };
  }
}

/**
 * The buffered rows as one named statement whose parameters are one array literal per column, read back by
 * `unnest` (parallel arrays: row i is every array's element i). Not Drizzle's multi-row insert (17 parameters a row,
 * up to 200 rows: building it cost more CPU than the merchant read it logs, docs/performance.md 2026-11-28 04:15),
 * and no longer one JSON parameter through `json_to_recordset`: PostgreSQL spent ~11 us of its CPU per row parsing
 * that JSON alone, and the insert ~4-8 us more a row than from typed arrays (docs/decisions/benchmarks.md, "The
 * request log's cost in PostgreSQL"). Every string element is quoted, so a path or request id holding a comma, a
 * brace, a quote or the word NULL stays that string; `NULL` unquoted is the column's null.
 */
function insertRows(rows: NewRequestLog[]): SQL {
  const arrays = COLUMNS.map(([, type, value]) => sql`${arrayLiteral(rows, value)}::${sql.raw(type)}[]`);
  return sql`insert into request_logs (${sql.raw(NAMES)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}

/** The columns in insert order: name, element type, the row's value. */
const COLUMNS: [string, string, (r: NewRequestLog) => ArrayElement][] = [
  ['id', 'uuid', (r) => r.id],
  ['organization_id', 'uuid', (r) => r.organizationId],
  ['company_id', 'uuid', (r) => r.companyId],
  ['api_key_id', 'text', (r) => r.apiKeyId],
  ['user_id', 'uuid', (r) => r.userId],
  ['source', 'text', (r) => r.source],
  ['ip', 'text', (r) => r.ip],
  ['method', 'text', (r) => r.method],
  ['path', 'text', (r) => r.path],
  ['status', 'integer', (r) => r.status],
  ['error_code', 'text', (r) => r.errorCode],
  ['duration_ms', 'integer', (r) => r.durationMs],
  ['request_id', 'text', (r) => r.requestId],
  ['idempotency_key', 'text', (r) => r.idempotencyKey],
  ['replayed', 'boolean', (r) => r.replayed],
  ['body_summary', 'jsonb', (r) => (r.bodySummary == null ? null : JSON.stringify(r.bodySummary))],
  ['created_at', 'timestamptz', (r) => r.createdAt.toISOString()],
];
const NAMES = COLUMNS.map(([name]) => name).join(', ');

/** A name under which a card's security code could sit: never stored, not even as a name. */
const CVV_LIKE = /cvv|cvc|security_code/i;

/**
 * The body's top-level field names and size: never a value (a body may carry card data or secrets), and a name
 * that itself carries a card number (a client may send anything as a key) is shown as `[REDACTED]`.
 */
function bodySummary(body: Record<string, unknown>, request: FastifyRequest): { fields: string[]; bytes: number } {
  const length = Number(request.headers['content-length']);
  const fields = Object.keys(body).map((key) =>
    containsPan(key) || isSensitivePath([key]) || CVV_LIKE.test(key) ? '[REDACTED]' : key,
  );
  return { fields: fields.sort(), bytes: Number.isFinite(length) ? length : 0 };
}
