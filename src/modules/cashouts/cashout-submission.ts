import { atProvider } from '../banking/banking.repo.js';
import { eq } from 'drizzle-orm';
import { bankAccounts, type CashoutRow } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { DomainError } from '../../kernel/errors.js';
import type { CashoutResult } from '../../providers/cashouts.js';
import { ProviderError, ProviderNotCapable } from '../../providers/errors.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { PixKeyType } from '../../providers/banking.js';
import { applyCashoutReport, type StatusDeps } from './cashout-status.js';
import { byId, findCashout, updateCashout } from './cashouts.repo.js';

/** Job kinds of the cashout provider path (handlers in cashouts.jobs.ts). */
export const CASHOUT_SUBMIT_JOB = 'cashout.submit';
export const CASHOUT_SYNC_JOB = 'cashout.sync';
export const CASHOUT_AUTOPILOT_JOB = 'cashout.autopilot';
/** The recovery point scheduled with every cashout: if its request never submitted it, this job does. */
export const SUBMIT_RECOVERY_AFTER_MS = 30_000;
export const FIRST_SYNC_AFTER_MS = 2_000;

type SubmitDeps = StatusDeps & { providers: ProviderRegistry };

/** Only `refused` fails a cashout; `retry` (nothing submitted, or an unknown outcome) leaves it PENDING with its hold. */
export type CashoutSubmitOutcome =
  | { kind: 'accepted'; result: CashoutResult }
  | { kind: 'refused'; code: string; message: string }
  | { kind: 'retry'; reason: 'unavailable' | 'unknown_outcome' };

/** Hands the cashout (its amount, not the price) to its provider under our id as idempotency key; never throws for the provider. */
export async function attemptSubmit(deps: SubmitDeps, row: CashoutRow): Promise<CashoutSubmitOutcome> {
  try {
    const [origin] = await deps.db.select({ branch: bankAccounts.branch, accountNumber: bankAccounts.accountNumber }).from(bankAccounts).where(eq(bankAccounts.id, row.bankAccountId));
    if (!origin) throw new Error(`cashout ${row.id} lost its bank account`);
    const submit = deps.providers.require(row.provider, 'cashout.submit');
    const d = row.destination;
    const result = await submit({ idempotencyKey: row.id, origin: atProvider(origin), amount: row.amount, destination: { keyType: d.pix_key_type as PixKeyType, key: d.pix_key, ownerDocument: d.owner_document } });
    return { kind: 'accepted', result };
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'refused') return { kind: 'refused', code: err.code, message: `The provider refused the cashout: ${err.message}` };
    if ((err instanceof ProviderError && err.kind === 'unavailable') || err instanceof ProviderNotCapable) return { kind: 'retry', reason: 'unavailable' };
    // A timeout, a dropped connection, or anything we cannot read: it may have happened. Never a refusal.
    return { kind: 'retry', reason: 'unknown_outcome' };
  }
}

/** Records what the provider answered: its ids, and a final status it already reports. */
export async function recordAccepted(deps: SubmitDeps, correlationId: string, row: CashoutRow, result: CashoutResult): Promise<CashoutRow> {
  let updated = row;
  if (row.providerCashoutId !== result.providerCashoutId) {
    updated = await updateCashout(deps.db, row.id, { providerCashoutId: result.providerCashoutId, endToEndId: result.endToEndId }, deps.clock.now(row.organizationId));
  }
  if (updated.status !== 'PENDING') return updated;
  if (result.status === 'COMPLETED') return applyCashoutReport(deps, correlationId, row.id, { status: 'COMPLETED', endToEndId: result.endToEndId });
  if (result.status === 'FAILED') return applyCashoutReport(deps, correlationId, row.id, { status: 'FAILED', errorCode: result.failure?.code, errorMessage: result.failure?.message });
  return updated;
}

export async function settleSubmit(deps: SubmitDeps, correlationId: string, row: CashoutRow, outcome: CashoutSubmitOutcome): Promise<CashoutRow | 'retry'> {
  if (outcome.kind === 'accepted') return recordAccepted(deps, correlationId, row, outcome.result);
  if (outcome.kind === 'refused') return applyCashoutReport(deps, correlationId, row.id, { status: 'FAILED', errorCode: outcome.code, errorMessage: outcome.message });
  return 'retry';
}

/** The creating request's provider path: submit, record; a lost answer schedules one status sync per cashout. */
export async function submitCashout(deps: SubmitDeps, correlationId: string, row: CashoutRow): Promise<CashoutRow> {
  const reread = async () => (await findCashout(deps.db, byId(row.id))) ?? row;
  const settled = await settleSubmit(deps, correlationId, row, await attemptSubmit(deps, row)).catch(async (err) => {
    // The sandbox control or a job moved it first: the answer is the cashout as it is now.
    if (err instanceof DomainError && err.code === 'CONFLICT_ERROR') return reread();
    throw err;
  });
  if (settled !== 'retry') return settled;
  const now = deps.clock.now();
  await enqueueJob(deps.db, { kind: CASHOUT_SYNC_JOB, runAt: new Date(now.getTime() + FIRST_SYNC_AFTER_MS), payload: { cashoutId: row.id }, dedupeKey: `${CASHOUT_SYNC_JOB}:${row.id}` }, now);
  return reread();
}
