import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { TransactionBatcher, type StatementHandler } from '../db/batcher.js';
import type { Database, Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { recordset } from '../db/recordset.js';
import { rowsOf } from '../db/rows.js';
import { conflict, conflictWithReason } from './errors.js';
import { wallMillis, type Clock } from './clock.js';

/** Company id used as the idempotency scope of platform staff requests. */
export const PLATFORM_SCOPE = '00000000-0000-0000-0000-000000000000';

/** Canonical JSON (sorted keys) so that key order does not change a request's fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export interface IdempotencyClaim {
  companyId: string;
  /** The kind of resource, e.g. `merchant`, `internal-transfer`. */
  scope: string;
  requestId: string;
  body: unknown;
  /** The id the new resource will get if this claim is the first. */
  resourceId: string;
}

/**
 * Claims a request_id inside the creating transaction (product.md §2). Returns `null` when this call is the
 * first (create the resource with `resourceId`), or the existing resource id for a replay with the same body.
 * A different body under the same request_id is a 409. The primary key makes concurrent duplicates wait for
 * the first transaction and then see its row, so exactly one resource is created.
 */
export async function claimRequestId(tx: Executor, claim: IdempotencyClaim): Promise<string | null> {
  const print = fingerprint(claim.body);
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({
      companyId: claim.companyId,
      scope: claim.scope,
      requestId: claim.requestId,
      fingerprint: print,
      resourceId: claim.resourceId,
    })
    .onConflictDoNothing()
    .returning({ resourceId: idempotencyKeys.resourceId });
  if (inserted.length > 0) return null;
  return existingClaim(tx, claim, print);
}

/**
 * The resource of a request_id already claimed (by an earlier request, or earlier in the same batch): a
 * replay with the same body answers it; a different body is a 409.
 */
export async function existingClaim(
  tx: Executor,
  claim: IdempotencyClaim,
  print = fingerprint(claim.body),
): Promise<string> {
  const [existing] = await tx
    .select({ fingerprint: idempotencyKeys.fingerprint, resourceId: idempotencyKeys.resourceId })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.companyId, claim.companyId),
        eq(idempotencyKeys.scope, claim.scope),
        eq(idempotencyKeys.requestId, claim.requestId),
      ),
    )
    .for('update');
  if (!existing) throw new Error('idempotency row vanished');
  if (existing.fingerprint !== print) {
    throw conflict('This request_id was already used with a different body', 'request_id', claim.requestId);
  }
  return existing.resourceId;
}

/**
 * claimRequestId for a batch, as ONE statement: returns the resource ids whose claim is new (create those);
 * the others are replays or conflicts (`existingClaim`). Rows go in in key order, so two batches claiming
 * overlapping keys wait on each other in the same order (no deadlock). Within one batch, the first of two
 * equal keys wins and the second replays it.
 */
export async function claimRequestIds(tx: Executor, claims: IdempotencyClaim[]): Promise<Set<string>> {
  const rows = claims.map((c, ord) => ({
    company_id: c.companyId,
    scope: c.scope,
    request_id: c.requestId,
    fingerprint: fingerprint(c.body),
    resource_id: c.resourceId,
    ord,
  }));
  const result = await tx.execute(claimRequestIdsStatement(rows));
  return new Set(rowsOf(result).map((r) => String(r.resource_id)));
}

export type ClaimRow = {
  company_id: string;
  scope: string;
  request_id: string;
  fingerprint: string;
  resource_id: string;
  ord: number;
  /** A claim begun before its provider call (beginRequest): STARTED with its lease; without, DONE at once. */
  started?: { locked_until: string; created_at: string };
};

/**
 * The claim statement, rows in key order (exported so the bench's bare node+pg baseline runs exactly the same
 * SQL). Rows without `started` take the columns' defaults (DONE, no lease, now()).
 */
export function claimRequestIdsStatement(rows: ClaimRow[]) {
  const values = rows.map(({ started, ...row }) => ({ ...row, ...started, phase: started ? 'STARTED' : 'DONE' }));
  return sql`
    insert into idempotency_keys (company_id, scope, request_id, fingerprint, resource_id, phase, locked_until, created_at)
    select company_id, scope, request_id, fingerprint, resource_id, phase, locked_until, coalesce(created_at, now())
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as r(company_id uuid, scope text, request_id text,
      fingerprint text, resource_id uuid, ord int, phase text, locked_until timestamptz, created_at timestamptz)
    order by company_id, scope, request_id, ord
    on conflict do nothing
    returning resource_id`;
}

/** Drops claims whose create was refused inside a batch (the request_id may be used again, as after a rollback). */
export async function releaseClaims(
  tx: Executor,
  claims: Pick<IdempotencyClaim, 'companyId' | 'scope' | 'requestId'>[],
): Promise<void> {
  if (claims.length === 0) return;
  const rows = claims.map((c) => ({ company_id: c.companyId, scope: c.scope, request_id: c.requestId }));
  await tx.execute(sql`
    delete from idempotency_keys k using ${recordset(rows, 'company_id uuid, scope text, request_id text')} as r
    where k.company_id = r.company_id and k.scope = r.scope and k.request_id = r.request_id`);
}

/**
 * Idempotency around a provider call, in atomic phases with recovery points (after brandur's
 * rocket-rides-atomic): `beginRequest` claims the request_id in its own transaction as STARTED with a lease;
 * the caller then calls the provider outside any transaction, with `resourceId` as the provider's
 * idempotency key, and records the resource together with `completeRequest` in one transaction. A crash
 * anywhere leaves a STARTED claim whose lease lapses; the next retry resumes it with the same resource id,
 * and the provider, keyed on that id, gives the same answer instead of acting twice.
 */
export type BeginOutcome =
  /** First call, or a stale claim taken over: call the provider under `resourceId`, then record. */
  | { kind: 'first' | 'resume'; resourceId: string }
  /** The resource is recorded: answer it (200). */
  | { kind: 'replay'; resourceId: string };

/**
 * How long a claim stays "in progress" before a retry may take it over (a provider call is far shorter). The
 * default; callers pass config `recovery.requestLeaseMs` (REQUEST_CLAIM_LEASE_MS) as `leaseMs`.
 */
export const IN_PROGRESS_LEASE_MS = 30_000;

export type ClaimKey = Pick<IdempotencyClaim, 'companyId' | 'scope' | 'requestId'>;
const claimWhere = (k: ClaimKey) =>
  and(
    eq(idempotencyKeys.companyId, k.companyId),
    eq(idempotencyKeys.scope, k.scope),
    eq(idempotencyKeys.requestId, k.requestId),
  );

export const requestInProgress = (requestId: string) =>
  conflictWithReason(
    'A request with this request_id is still in progress; retry shortly',
    'request_id',
    requestId,
    'REQUEST_IN_PROGRESS',
  );

/** How long a duplicate waits for the first call to finish before answering 409 REQUEST_IN_PROGRESS. */
export const IN_PROGRESS_WAIT_MS = 3_000;

/**
 * Claims (or finds) the request_id. A duplicate of a call still in progress waits for it, polling, up to
 * `waitMs`, then replays what it recorded; still in progress after that, it answers 409 REQUEST_IN_PROGRESS.
 */
export async function beginRequest(
  db: Database,
  claim: IdempotencyClaim,
  clock: Clock,
  options: { leaseMs?: number; waitMs?: number } = {},
): Promise<BeginOutcome> {
  const waitMs = options.waitMs ?? IN_PROGRESS_WAIT_MS;
  const leaseMs = options.leaseMs ?? IN_PROGRESS_LEASE_MS;
  // The common case, a request_id never seen: claimed with the first claims arriving together, one statement.
  if (await claimFirst(db, claim, clock.now(), leaseMs)) return { kind: 'first', resourceId: claim.resourceId };
  const started = wallMillis();
  for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
    const outcome = await tryBegin(db, claim, clock.now(), leaseMs);
    if (outcome.kind !== 'busy') return outcome;
    if (wallMillis() - started + pause > waitMs) throw requestInProgress(claim.requestId);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * First claims, grouped (src/db/batcher.ts, statement mode): the claims arriving while one statement is in flight
 * are inserted by the next, STARTED with their leases, in key order (two statements claiming overlapping keys wait
 * on each other in the same order), autocommit. A claim whose key exists already, or came earlier in the same
 * statement, is not inserted: beginRequest then takes it through tryBegin (replay, wait, resume or 409). Before,
 * every create carrying a request_id claimed it in a transaction of its own (BEGIN, insert, COMMIT and a commit's
 * flush each); the creates without one shared their statements (docs/performance.md, 2026-11-28 11:00). The
 * statement is claimRequestIds' own, each claim's place in the batch its `ord`.
 */
type FirstClaim = Omit<ClaimRow, 'ord'>;

const insertFirstClaims: StatementHandler<FirstClaim, boolean> = async (db, items) => {
  const inserted = new Set(
    rowsOf(await db.execute(claimRequestIdsStatement(items.map((item, ord) => ({ ...item, ord }))))).map((r) =>
      String(r.resource_id),
    ),
  );
  return items.map((item) => ({ ok: true, value: inserted.has(item.resource_id) }));
};

const firstClaimBatchers = new WeakMap<Database, TransactionBatcher<FirstClaim, boolean>>();

function claimFirst(db: Database, claim: IdempotencyClaim, now: Date, leaseMs: number): Promise<boolean> {
  let batcher = firstClaimBatchers.get(db);
  if (!batcher) {
    batcher = new TransactionBatcher(db, insertFirstClaims, { mode: 'statement' });
    firstClaimBatchers.set(db, batcher);
  }
  return batcher.run('first-claims', {
    company_id: claim.companyId,
    scope: claim.scope,
    request_id: claim.requestId,
    fingerprint: fingerprint(claim.body),
    resource_id: claim.resourceId,
    started: { locked_until: new Date(now.getTime() + leaseMs).toISOString(), created_at: now.toISOString() },
  });
}

async function tryBegin(
  db: Database,
  claim: IdempotencyClaim,
  now: Date,
  leaseMs: number,
): Promise<BeginOutcome | { kind: 'busy' }> {
  const print = fingerprint(claim.body);
  const lockedUntil = new Date(now.getTime() + leaseMs);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({
        companyId: claim.companyId,
        scope: claim.scope,
        requestId: claim.requestId,
        fingerprint: print,
        resourceId: claim.resourceId,
        phase: 'STARTED',
        lockedUntil,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ resourceId: idempotencyKeys.resourceId });
    if (inserted.length > 0) return { kind: 'first' as const, resourceId: claim.resourceId };
    const [existing] = await tx.select().from(idempotencyKeys).where(claimWhere(claim)).for('update');
    if (!existing) throw new Error('idempotency row vanished');
    if (existing.fingerprint !== print)
      throw conflict('This request_id was already used with a different body', 'request_id', claim.requestId);
    if (existing.phase === 'DONE') return { kind: 'replay' as const, resourceId: existing.resourceId };
    if (existing.lockedUntil && existing.lockedUntil > now) return { kind: 'busy' as const };
    await tx.update(idempotencyKeys).set({ lockedUntil }).where(claimWhere(claim));
    return { kind: 'resume' as const, resourceId: existing.resourceId };
  });
}

/** The last phase: inside the transaction that records the resource, so both commit or neither. */
export async function completeRequest(tx: Executor, key: ClaimKey): Promise<void> {
  await tx.update(idempotencyKeys).set({ phase: 'DONE', lockedUntil: null }).where(claimWhere(key));
}

/** completeRequest for several claims with one statement (a batch of creates recording their outcomes). */
export async function completeRequests(tx: Executor, keys: ClaimKey[]): Promise<void> {
  if (keys.length === 0) return;
  const rows = keys.map((k) => ({ company_id: k.companyId, scope: k.scope, request_id: k.requestId }));
  await tx.execute(sql`
    update idempotency_keys k set phase = 'DONE', locked_until = null
    from ${recordset(rows, 'company_id uuid, scope text, request_id text')} as r
    where k.company_id = r.company_id and k.scope = r.scope and k.request_id = r.request_id`);
}

/**
 * After a failed provider call. `forget` (a definitive refusal: nothing exists at the provider under this
 * key that we will ever record) deletes the claim, so the same request_id starts afresh. `unlock` (the
 * outcome is unknown, or nothing was submitted) keeps it STARTED under the same resource id and lets the
 * next retry resume it at once.
 */
export async function releaseRequest(db: Executor, key: ClaimKey, mode: 'forget' | 'unlock', now: Date): Promise<void> {
  const stillStarted = and(claimWhere(key), eq(idempotencyKeys.phase, 'STARTED'));
  if (mode === 'forget') await db.delete(idempotencyKeys).where(stillStarted);
  else await db.update(idempotencyKeys).set({ lockedUntil: now }).where(stillStarted);
}

/** A claim as stored, for services that answer replays before their own checks (pix keys). */
export async function findClaim(db: Executor, key: ClaimKey) {
  const [row] = await db.select().from(idempotencyKeys).where(claimWhere(key)).limit(1);
  return row;
}
