import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import {
  ledgerAccounts,
  ledgerHolds,
  ledgerPostings,
  ledgerTransactions,
  type LedgerAccountRow,
} from '../db/schema/index.js';
import { scheduleHoldExpiry } from './hold-expiry-schedule.js';
import {
  applyRepayment,
  applyToAccount,
  assertBalanced,
  holdPostings,
  InsufficientBalanceError,
  LedgerRuleError,
  postHoldPostings,
  voidHoldPostings,
  ZERO,
  deltaOf,
  type AccountOwner,
  type AppliedEntry,
  type Balances,
  type LedgerCode,
  type LedgerSource,
  type Posting,
} from './rules.js';
import { must } from '../kernel/must.js';

/**
 * The ledger's database side (money.md M3). Every function runs inside the caller's transaction (`tx`), so a
 * posting commits or rolls back with the business change it belongs to. Only bank-account balance rows are
 * locked (one row per account, in id order); clearing and revenue entries are appended and summed, never a
 * locked row (docs/decisions/ledger.md).
 */

export interface NewLedgerTransaction {
  code: LedgerCode;
  source: LedgerSource;
  postings: Posting[];
  /** One business event posts once: defaults to `code:source.type:source.id`. */
  key?: string;
  now: Date;
}

export interface PostResult {
  transactionId: string;
  /** True when this key had already been posted: nothing was applied again. */
  replayed: boolean;
  /**
   * Per bank account it posted to, that account's last sequence after it (money.md M9: events carry it), when
   * known without another query (absent on a replay).
   */
  lastSequences?: Record<string, number>;
}

export const transactionKey = (code: LedgerCode, source: LedgerSource) => `${code}:${source.type}:${source.id}`;

export async function post(tx: Executor, input: NewLedgerTransaction): Promise<PostResult> {
  assertBalanced(input.postings);
  const id = randomUUID();
  const key = input.key ?? transactionKey(input.code, input.source);
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      id,
      idemKey: key,
      code: input.code,
      sourceType: input.source.type,
      sourceId: input.source.id,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id });
  if (inserted.length === 0) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idemKey, key));
    if (!existing) throw new Error('ledger transaction vanished');
    return { transactionId: existing.id, replayed: true };
  }

  const accounts = await lockAccounts(tx, input.postings, input.now);
  const postings = applyRepayment(input.postings, (accountId) => accounts.get(accountId)!.debt);
  const applied = new Map<string, AppliedEntry>();
  const lastSequences: Record<string, number> = {};
  for (const row of accounts.values()) {
    const own = postings.filter((p) => p.account.type === 'BANK_ACCOUNT' && p.account.id === row.id);
    const result = applyToAccount(
      row.id,
      { pending: row.pending, available: row.available, held: row.held, debt: row.debt },
      row.lastSequence,
      own,
    );
    own.forEach((p, i) =>
      applied.set(postingId(p, i, row.id), must(result.entries[i], 'applyToAccount answers one entry per posting')),
    );
    lastSequences[row.id] = result.lastSequence;
    await tx
      .update(ledgerAccounts)
      .set({ ...result.after, lastSequence: result.lastSequence, updatedAt: input.now })
      .where(eq(ledgerAccounts.id, row.id));
  }

  const seen = new Map<string, number>();
  await tx.insert(ledgerPostings).values(
    postings.map((p) => {
      const base = {
        id: randomUUID(),
        transactionId: id,
        direction: p.direction,
        amount: p.amount,
        code: input.code,
        sourceType: input.source.type,
        sourceId: input.source.id,
        createdAt: input.now,
      };
      if (p.account.type !== 'BANK_ACCOUNT') {
        const accountId = p.account.type === 'CLEARING' ? p.account.provider : `${p.account.organizationId}`;
        return {
          ...base,
          accountType: p.account.type,
          accountId,
          provider: p.account.provider,
          companyId: p.account.type === 'REVENUE' ? p.account.organizationId : null,
          balanceType: p.account.type,
          delta: deltaOf(p),
          sequence: null,
          resultingBalance: null,
        };
      }
      const row = accounts.get(p.account.id)!;
      const i = seen.get(row.id) ?? 0;
      seen.set(row.id, i + 1);
      const e = applied.get(postingId(p, i, row.id))!;
      return {
        ...base,
        accountType: 'BANK_ACCOUNT' as const,
        accountId: row.id,
        provider: row.provider,
        companyId: row.companyId,
        balanceType: p.account.balance,
        delta: e.delta,
        sequence: e.sequence,
        resultingBalance: e.resultingBalance,
      };
    }),
  );
  return { transactionId: id, replayed: false, lastSequences };
}

const postingId = (p: Posting, i: number, accountId: string) => `${accountId}#${i}`;

/**
 * Locks the balance rows of the bank accounts a transaction touches, in id order (no deadlocks between two
 * transactions touching the same accounts). Rows are meant to be opened with their bank account
 * (openAccounts); a row still missing is opened here from the posting's owner, which re-locks out of order
 * and may make PostgreSQL pick a deadlock victim under concurrency (safe, rolled back, but avoid it).
 */
async function lockAccounts(
  tx: Executor,
  postings: readonly Posting[],
  now: Date,
): Promise<Map<string, LedgerAccountRow>> {
  const owners = new Map<string, AccountOwner | undefined>();
  for (const p of postings)
    if (p.account.type === 'BANK_ACCOUNT') owners.set(p.account.id, owners.get(p.account.id) ?? p.account.owner);
  const ids = [...owners.keys()].sort();
  const result = new Map<string, LedgerAccountRow>();
  if (ids.length === 0) return result;
  const select = () =>
    tx
      .select()
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, ids))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
  let rows = await select();
  if (rows.length < ids.length) {
    const have = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !have.has(id));
    await openAccounts(
      tx,
      missing.map((id) => {
        const owner = owners.get(id);
        if (!owner) throw new LedgerRuleError(`ledger account ${id} does not exist and no owner was given`);
        return { id, ...owner };
      }),
      now,
    );
    rows = await select();
  }
  for (const r of rows) result.set(r.id, r);
  return result;
}

/** Opens balance rows (idempotent): a bank account's four balances at zero. */
export async function openAccounts(
  tx: Executor,
  accounts: ({ id: string } & AccountOwner)[],
  now: Date,
): Promise<void> {
  if (accounts.length === 0) return;
  await tx
    .insert(ledgerAccounts)
    .values(
      accounts.map((a) => ({
        id: a.id,
        provider: a.provider,
        companyId: a.companyId,
        organizationId: a.organizationId,
        pending: 0,
        available: 0,
        held: 0,
        debt: 0,
        lastSequence: 0,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

// Two-phase holds, as TigerBeetle's pending transfers: a hold moves available -> held (pending); it is then
// either posted (held -> its destination; any rest back to available) or voided (held -> available), once.

export interface HoldInput {
  code: LedgerCode;
  source: LedgerSource;
  account: { id: string; owner?: AccountOwner };
  amount: number;
  now: Date;
  /**
   * TigerBeetle's pending-transfer timeout: past `at` (on `organizationId`'s clock) the hold is voided with `code`
   * by the ledger's one hold-expiry job (hold-expiry.ts), and posting it is refused. Absent: it never expires.
   */
  expiry?: { at: Date; code: LedgerCode; organizationId: string | null };
}

export const holdId = (source: LedgerSource) => `${source.type}:${source.id}`;

/** The one statement of a hold (exported so the bench's bare node+pg baseline runs exactly the same SQL). */
export function holdStatement(input: HoldInput, ids: { transactionId: string; postingIds: [string, string] }) {
  const key = transactionKey(input.code, input.source);
  const now = input.now.toISOString();
  const x = input.amount;
  const a = input.account.id;
  return sql`
    with a as (
      update ledger_accounts set available = available - ${x}::bigint, held = held + ${x}::bigint,
        last_sequence = last_sequence + 2, updated_at = ${now}::timestamptz
      where id = ${a}::uuid and available >= ${x}::bigint
        and not exists (select 1 from ledger_transactions where idem_key = ${key}::text)
      returning provider, company_id, available, held, last_sequence
    ), t as (
      insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at)
      select ${ids.transactionId}::uuid, ${key}::text, ${input.code}::text, ${input.source.type}::text, ${input.source.id}::text, ${now}::timestamptz from a
      returning id
    ), p as (
      insert into ledger_postings (id, transaction_id, account_type, account_id, provider, company_id, balance_type, direction,
        amount, delta, sequence, resulting_balance, code, source_type, source_id, created_at)
      select ${ids.postingIds[0]}::uuid, t.id, 'BANK_ACCOUNT', ${a}::text, a.provider, a.company_id, 'AVAILABLE', 'DEBIT',
        ${x}::bigint, -${x}::bigint, a.last_sequence - 1, a.available, ${input.code}::text, ${input.source.type}::text, ${input.source.id}::text, ${now}::timestamptz from a, t
      union all
      select ${ids.postingIds[1]}::uuid, t.id, 'BANK_ACCOUNT', ${a}::text, a.provider, a.company_id, 'HELD', 'CREDIT',
        ${x}::bigint, ${x}::bigint, a.last_sequence, a.held, ${input.code}::text, ${input.source.type}::text, ${input.source.id}::text, ${now}::timestamptz from a, t
    ), h as (
      insert into ledger_holds (id, account_id, amount, status, hold_transaction_id, created_at, updated_at)
      select ${holdId(input.source)}::text, ${a}::uuid, ${x}::bigint, 'PENDING', t.id, ${now}::timestamptz, ${now}::timestamptz from t
    )
    select count(*)::int as n from a`;
}

/**
 * Takes a hold: available -> held on one account (the postings of holdPostings), as ONE statement: the
 * conditional balance update (never below zero), the transaction, both entries (sequence and resulting
 * balance from the updated row) and the pending hold. It runs on every transfer create (the hot path of a
 * busy origin account), so it costs one round trip instead of five. A retried hold answers the first one.
 */
export async function hold(tx: Executor, input: HoldInput): Promise<PostResult> {
  assertBalanced(holdPostings(input.account, input.amount));
  const key = transactionKey(input.code, input.source);
  const txId = randomUUID();
  const x = input.amount;
  const a = input.account.id;
  const result = await tx.execute(
    holdStatement(input, { transactionId: txId, postingIds: [randomUUID(), randomUUID()] }),
  );
  if (Number(rowsOf(result)[0]?.n ?? 0) === 1) {
    if (input.expiry) await scheduleHoldExpiry(tx, holdId(input.source), input.expiry, input.now);
    return { transactionId: txId, replayed: false };
  }
  const [existing] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.idemKey, key));
  if (existing) return { transactionId: existing.id, replayed: true };
  const [row] = await tx
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, a));
  if (row) throw new InsufficientBalanceError(a, 'AVAILABLE', row.available - x);
  if (!input.account.owner) throw new LedgerRuleError(`ledger account ${a} does not exist and no owner was given`);
  // Not opened with its bank account (a crash between the two): open it now, it is the only row this locks.
  await openAccounts(tx, [{ id: a, ...input.account.owner }], input.now);
  return hold(tx, input);
}

/** node-postgres answers `{ rows }`, PGlite too. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const r = result as { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

export class HoldStateError extends Error {}

async function finishHold(
  tx: Executor,
  holdKey: string,
  status: 'POSTED' | 'VOIDED',
  code: LedgerCode,
  source: LedgerSource,
  now: Date,
  build: (account: { id: string }, amount: number) => Posting[],
): Promise<PostResult> {
  const key = transactionKey(code, source);
  const [h] = await tx.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdKey)).for('update');
  if (!h) throw new HoldStateError(`hold ${holdKey} does not exist`);
  // An expired hold can only be voided (TigerBeetle refuses to post an expired pending transfer).
  if (h.status === 'PENDING' && status === 'POSTED' && h.expiresAt && h.expiresAt.getTime() <= now.getTime()) {
    throw new HoldStateError(`hold ${holdKey} expired at ${h.expiresAt.toISOString()}`);
  }
  if (h.status !== 'PENDING') {
    const [done] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idemKey, key));
    // The same finish retried answers the first; the other finish of a spent hold is a bug of the caller.
    if (h.status === status && done && done.id === h.finalTransactionId)
      return { transactionId: done.id, replayed: true };
    throw new HoldStateError(`hold ${holdKey} is already ${h.status}`);
  }
  const res = await post(tx, { code, source, postings: build({ id: h.accountId }, h.amount), now });
  await tx
    .update(ledgerHolds)
    .set({ status, finalTransactionId: res.transactionId, updatedAt: now })
    .where(eq(ledgerHolds.id, holdKey));
  return res;
}

/** Posts a pending hold: `credits` receive the held money (at most the hold); the rest returns to available. */
export function postHold(
  tx: Executor,
  input: { holdSource: LedgerSource; code: LedgerCode; source: LedgerSource; credits: Posting[]; now: Date },
): Promise<PostResult> {
  return finishHold(tx, holdId(input.holdSource), 'POSTED', input.code, input.source, input.now, (account, amount) =>
    postHoldPostings(account, amount, input.credits),
  );
}

/** Voids a pending hold: the held amount returns to available. */
export function voidHold(
  tx: Executor,
  input: { holdSource: LedgerSource; code: LedgerCode; source: LedgerSource; now: Date },
): Promise<PostResult> {
  return finishHold(tx, holdId(input.holdSource), 'VOIDED', input.code, input.source, input.now, (account, amount) =>
    voidHoldPostings(account, amount),
  );
}

// Reads.

/**
 * A bank account's balances with its row locked to the end of the caller's transaction: for a change that sizes a
 * posting by a balance (a chargeback repays at most the debt owed). Lock it after the area's own rows, as `post`
 * would (areas lock receivables first, then the account).
 */
export async function lockBalances(tx: Executor, accountId: string): Promise<Balances> {
  const [r] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId)).for('update');
  return r ? { pending: r.pending, available: r.available, held: r.held, debt: r.debt } : { ...ZERO };
}

export async function balancesOf(ex: Executor, accountIds: string[]): Promise<Map<string, Balances>> {
  const out = new Map<string, Balances>();
  if (accountIds.length === 0) return out;
  const rows = await ex.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accountIds));
  for (const id of accountIds) out.set(id, { ...ZERO });
  for (const r of rows) out.set(r.id, { pending: r.pending, available: r.available, held: r.held, debt: r.debt });
  return out;
}

/** The balances at an instant, replayed from the entries (zeros before the first one): see balance-at.ts. */
export { balanceAt } from './balance-at.js';

/** A system account's balance (clearing of a provider, revenue of an organization), summed from its entries. */
export async function systemBalance(
  ex: Executor,
  ref: { type: 'CLEARING'; provider: string } | { type: 'REVENUE'; organizationId: string; provider: string },
): Promise<number> {
  const where =
    ref.type === 'CLEARING'
      ? and(eq(ledgerPostings.accountType, 'CLEARING'), eq(ledgerPostings.accountId, ref.provider))
      : and(
          eq(ledgerPostings.accountType, 'REVENUE'),
          eq(ledgerPostings.accountId, ref.organizationId),
          eq(ledgerPostings.provider, ref.provider),
        );
  const [row] = await ex
    .select({ total: sql<string>`coalesce(sum(${ledgerPostings.delta}), 0)` })
    .from(ledgerPostings)
    .where(where);
  return Number(row?.total ?? 0);
}

/**
 * The REVENUE of organizations at providers (summed from its entries, up to `at` when given: `?at=` reads), keyed
 * `organizationId|provider`; zero for a pair with no entry. The organization's bank account shows it as `pending`
 * at read time (docs/decisions/ledger.md "The organization's pending"): REVENUE keeps no balance row.
 */
export async function revenueBalances(
  ex: Executor,
  pairs: { organizationId: string; provider: string }[],
  at?: Date,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (pairs.length === 0) return out;
  for (const p of pairs) out.set(`${p.organizationId}|${p.provider}`, 0);
  const wanted = sql.join(
    pairs.map((p) => sql`(${p.organizationId}, ${p.provider})`),
    sql`, `,
  );
  const rows = await ex
    .select({
      organizationId: ledgerPostings.accountId,
      provider: ledgerPostings.provider,
      total: sql<string>`coalesce(sum(${ledgerPostings.delta}), 0)`,
    })
    .from(ledgerPostings)
    .where(
      and(
        eq(ledgerPostings.accountType, 'REVENUE'),
        sql`(${ledgerPostings.accountId}, ${ledgerPostings.provider}) in (${wanted})`,
        at ? lte(ledgerPostings.createdAt, at) : undefined,
      ),
    )
    .groupBy(ledgerPostings.accountId, ledgerPostings.provider);
  for (const r of rows) out.set(`${r.organizationId}|${r.provider}`, Number(r.total));
  return out;
}
