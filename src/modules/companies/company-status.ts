import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { conflictWithReason } from '../../kernel/errors.js';

/**
 * product.md §14: an INACTIVE company starts no money movement (transactions, internal transfers, cashouts,
 * anticipations); it may still refund. An organization acting for a merchant needs neither of them INACTIVE.
 * Call with every company whose money moves or who asks.
 */
export async function assertMayMoveMoney(tx: Executor, companyIds: string[]): Promise<void> {
  const ids = [...new Set(companyIds)];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: companies.id, status: companies.status })
    .from(companies)
    .where(inArray(companies.id, ids));
  assertStatusesMayMoveMoney(rows.map((r) => r.status));
}

/**
 * The same rule on statuses already read (a create that reads its accounts with their companies' statuses
 * in one statement, instead of one more query).
 */
export function assertStatusesMayMoveMoney(statuses: readonly (string | null | undefined)[]): void {
  if (statuses.some((s) => s === 'INACTIVE')) {
    throw conflictWithReason(
      'An inactive company cannot start money movements',
      'company',
      'INACTIVE',
      'COMPANY_NOT_ACTIVE',
    );
  }
}
