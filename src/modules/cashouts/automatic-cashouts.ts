import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { affiliations, bankAccounts, companies, type BankAccountRow, type CompanyRow } from '../../db/schema/index.js';
import { DomainError } from '../../kernel/errors.js';
import { balancesOf } from '../../ledger/ledger.js';
import { cashoutPriceOf } from './cashouts.repo.js';
import {
  automaticAmount,
  automaticRequestId,
  isSlot,
  nextSlot,
  scheduleOf,
  slotName,
  type Schedule,
} from './cashouts.rules.js';
import { createForAccount, type CashoutDeps } from './cashouts.service.js';
import { AUTOMATIC_CASHOUT_JOB, scheduleNextSlot } from '../companies/configuration-schedules.js';

// The job kind and the slot scheduling live with the company settings that start them (configuration-schedules.ts).
export { AUTOMATIC_CASHOUT_JOB, scheduleNextSlot };

/** The accounts a slot pays out: the company's ACTIVE accounts whose provider affiliation is ACTIVE with a settlement account. */
export async function eligibleAccounts(ex: Executor, companyId: string): Promise<BankAccountRow[]> {
  const rows = await ex
    .select({ account: bankAccounts, key: affiliations.settlementPixKey })
    .from(bankAccounts)
    .innerJoin(
      affiliations,
      and(eq(affiliations.companyId, bankAccounts.companyId), eq(affiliations.provider, bankAccounts.provider)),
    )
    .where(
      and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, 'ACTIVE'), eq(affiliations.status, 'ACTIVE')),
    );
  return rows
    .filter((r) => r.key !== null)
    .map((r) => r.account)
    .sort((a, b) => a.id.localeCompare(b.id));
}

export interface SlotEstimate {
  account: BankAccountRow;
  amount: number;
  price: number;
  debt: number;
}

async function estimates(ex: Executor, companyId: string, schedule: Schedule): Promise<SlotEstimate[]> {
  const accounts = await eligibleAccounts(ex, companyId);
  const balances = await balancesOf(
    ex,
    accounts.map((a) => a.id),
  );
  const price = await cashoutPriceOf(ex, companyId);
  return accounts.map((account) => {
    const b = balances.get(account.id)!;
    return { account, amount: automaticAmount(b.available, schedule.minBalance, price), price, debt: b.debt };
  });
}

/**
 * Runs one slot of one merchant: the next slot is scheduled first (a crash mid-way keeps the chain), then
 * each eligible account without debt whose amount is >= 1 gets one cashout with request_id
 * `auto:{bank_account_id}:{slot}`. A second runner of the same slot replays the request_id or hits the
 * (bank_account_id, schedule_slot) unique index: exactly one cashout per account and slot.
 */
export async function runSlot(deps: CashoutDeps, companyId: string, slotText: string): Promise<number> {
  const [company] = await deps.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) return 0;
  const schedule = scheduleOf(company.transferConfigurations);
  const slot = new Date(slotText);
  // The configuration changed since this slot was scheduled: this chain ends (the change scheduled its own).
  if (!schedule || Number.isNaN(slot.getTime()) || !isSlot(schedule, slot)) return 0;
  const orgId = company.organizationId ?? company.id;
  await scheduleNextSlot(deps.db, company, slot, deps.clock.now(orgId));
  let created = 0;
  for (const e of await estimates(deps.db, company.id, schedule)) {
    if (e.debt > 0 || e.amount < 1) continue;
    const input = {
      request_id: automaticRequestId(e.account.id, slot),
      bank_account_id: e.account.id,
      amount: e.amount,
    };
    try {
      const res = await createForAccount(deps, `automatic-cashout-${slotName(slot)}`, company.id, e.account, input, {
        slot: slotName(slot),
      });
      if (!res.replayed) created++;
    } catch (err) {
      // Another runner took this slot, or the account cannot pay out now (a 409 reason): nothing to do.
      if (
        isUniqueViolation(err) ||
        (err instanceof DomainError && (err.code === 'CONFLICT_ERROR' || err.code === 'BAD_REQUEST'))
      )
        continue;
      throw err;
    }
  }
  return created;
}

/** GET /v1/merchants/{merchantId}/automatic-cashouts/next: per eligible account, the next slot and what it would take now. */
export async function nextAutomaticCashouts(db: Database, company: CompanyRow, now: Date) {
  const schedule = scheduleOf(company.transferConfigurations);
  if (!schedule) return [];
  const at = nextSlot(schedule, now).toISOString();
  return (await estimates(db, company.id, schedule)).map((e) => ({
    bank_account_id: e.account.id,
    at,
    estimated_amount: e.debt > 0 ? 0 : Math.max(0, e.amount),
    price: e.price,
  }));
}
