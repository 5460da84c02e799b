import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  cashoutReturns,
  cashouts,
  feePolicies,
  type CashoutReturnRow,
  type CashoutRow,
} from '../../db/schema/index.js';
import { selectPage, type CommonListFilters } from '../../http/pagination.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { ownedRowsInReach } from '../../kernel/tenancy.js';
import { effectivePolicy } from '../fees/effective-fee.js';

export const cashoutsInReach = (p: CompanyPrincipal) =>
  ownedRowsInReach(p, { companyId: cashouts.companyId, organizationId: cashouts.organizationId });

export async function findCashout(ex: Executor, where: SQL, lock = false): Promise<CashoutRow | undefined> {
  const q = ex.select().from(cashouts).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateCashout(
  ex: Executor,
  id: string,
  set: Partial<CashoutRow>,
  now: Date,
): Promise<CashoutRow> {
  const [row] = await ex
    .update(cashouts)
    .set({ ...set, updatedAt: now })
    .where(eq(cashouts.id, id))
    .returning();
  return row!;
}

export async function returnsOf(ex: Executor, ids: string[]): Promise<Map<string, CashoutReturnRow[]>> {
  const out = new Map<string, CashoutReturnRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await ex
    .select()
    .from(cashoutReturns)
    .where(inArray(cashoutReturns.cashoutId, ids))
    .orderBy(asc(cashoutReturns.returnedAt), asc(cashoutReturns.id));
  for (const r of rows) out.get(r.cashoutId)!.push(r);
  return out;
}

export async function listCashouts(ex: Executor, scope: SQL, q: CommonListFilters) {
  return selectPage(ex, cashouts, scope, q, {
    id: cashouts.id,
    createdAt: cashouts.createdAt,
    status: cashouts.status,
    amount: cashouts.amount,
  });
}

/** money.md M5: the effective fee policy's cashout_price; 0 without one. */
export async function cashoutPriceOf(ex: Executor, companyId: string): Promise<number> {
  const policy = await effectivePolicy(ex, companyId);
  if (!policy) return 0;
  const [row] = await ex
    .select({ price: feePolicies.cashoutPrice })
    .from(feePolicies)
    .where(eq(feePolicies.id, policy.id))
    .limit(1);
  return row?.price ?? 0;
}

export const byId = (id: string) => eq(cashouts.id, id);
export const inScope = (id: string, scope: SQL) => and(eq(cashouts.id, id), scope)!;
