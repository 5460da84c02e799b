import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankAccounts, type BankAccountRow } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { claimRequestId } from '../../http/idempotency.js';
import { companyInReach } from '../../http/reach.js';
import { bankingOf } from '../../providers/banking.js';
import type { ProviderName } from '../../providers/port.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { accountsInReach, applyPosting, findAccount, insertAccount } from './banking.repo.js';

export interface OpenAccountInput {
  provider: ProviderName;
  company_id?: string;
  request_id?: string;
}

/**
 * Opens an account at a provider for the caller or one of its merchants (product.md §7). The provider is
 * asked first, outside any transaction; the row is then written in one transaction with the idempotency claim.
 */
export async function openAccount(db: Database, providers: ProviderRegistry, principal: CompanyPrincipal, input: OpenAccountInput) {
  const company = await companyInReach(db, principal, input.company_id ?? principal.companyId);
  let id: string = randomUUID();
  if (input.request_id) {
    // The claim comes before the provider call, so a replay never opens a second account at the provider.
    const claimed = await db.transaction(async (tx) => claimRequestId(tx, { companyId: principal.companyId, scope: 'bank-account', requestId: input.request_id!, body: input, resourceId: id }));
    if (claimed) {
      const row = await findAccount(db, eq(bankAccounts.id, claimed));
      if (row) return { row, replayed: true };
      // The first call failed at the provider (or is still running): carry on under the claimed id.
      id = claimed;
    }
  }
  const opened = await bankingOf(providers.get(input.provider)).openAccount({ companyId: company.id, accountId: id });
  const now = new Date();
  try {
    const row = await insertAccount(db, {
      id,
      companyId: company.id,
      organizationId: company.organizationId ?? company.id,
      provider: input.provider,
      branch: opened.branch,
      accountNumber: opened.accountNumber,
      status: 'ACTIVE',
      available: 0,
      held: 0,
      createdAt: now,
      updatedAt: now,
    });
    return { row, replayed: false };
  } catch (err) {
    // A concurrent duplicate of the same request_id inserted first: answer with its account.
    if (!isUniqueViolation(err, 'bank_accounts_pkey')) throw err;
    return { row: (await findAccount(db, eq(bankAccounts.id, id)))!, replayed: true };
  }
}

export async function getAccount(db: Database, principal: CompanyPrincipal, id: string): Promise<BankAccountRow> {
  const row = await findAccount(db, and(eq(bankAccounts.id, id), accountsInReach(principal))!);
  if (!row) throw notFound('Bank account');
  return row;
}

/** Sandbox deposit: money enters from outside (one balanced posting against the EXTERNAL bucket). */
export async function deposit(db: Database, accountId: string, amount: number): Promise<BankAccountRow> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, eq(bankAccounts.id, accountId));
    if (!account) throw notFound('Bank account');
    if (!(await applyPosting(tx, 'DEPOSIT', amount, { origin: account.id }, null))) throw new Error('a deposit cannot overdraw');
    return (await findAccount(tx, eq(bankAccounts.id, accountId)))!;
  });
}
