import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bankAccounts } from '../../db/schema/index.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { notFound } from '../../kernel/errors.js';
import { beginRequest, completeRequest, releaseRequest } from '../../kernel/idempotency.js';
import { ProviderError, unknownOutcome } from '../../providers/errors.js';
import { openBankAccount } from './account-opening-operation.js';
import { providerFailure } from '../../kernel/provider-failures.js';
import { companyInReach } from '../../kernel/tenancy.js';
import type { ProviderName } from '../../providers/port.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import {
  accountsInReach,
  findAccount,
  findAccountRow,
  ledgerOwner,
  type BankAccountWithBalances,
} from './banking.repo.js';
import type { Clock } from '../../kernel/clock.js';
import { post } from '../../ledger/ledger.js';
import { depositPostings } from '../../ledger/rules.js';
import { debtChangesOf } from '../../ledger/reads.js';
import { recordEvent } from '../../events/outbox.js';

export interface OpenAccountInput {
  provider: ProviderName;
  company_id?: string;
  request_id?: string;
}

/**
 * Opens an account at a provider for the caller or one of its merchants (product.md §7), in atomic phases:
 * the request_id is claimed as in progress (own transaction), the provider opens the account under our
 * account id as its idempotency key (outside any transaction), and one transaction records the row and
 * completes the claim. A concurrent duplicate waits for it and replays (409 REQUEST_IN_PROGRESS if it takes too long); a
 * retry after a crash or a lost answer resumes under the same id, so the provider never opens two accounts.
 */
export async function openAccount(
  db: Database,
  providers: ProviderRegistry,
  clock: Clock,
  principal: CompanyPrincipal,
  input: OpenAccountInput,
  /** A request_id claim's lease (config `recovery.requestLeaseMs`); default IN_PROGRESS_LEASE_MS. */
  requestLeaseMs?: number,
) {
  const company = await companyInReach(db, principal, input.company_id ?? principal.companyId);
  try {
    providers.require(input.provider, 'bank-account.open');
  } catch (err) {
    throw providerFailure(err, 'account opening', { field: 'provider', value: input.provider });
  }
  let id: string = randomUUID();
  const claim = input.request_id
    ? { companyId: principal.companyId, scope: 'bank-account', requestId: input.request_id }
    : undefined;
  if (claim) {
    const begun = await beginRequest(db, { ...claim, body: input, resourceId: id }, clock, { leaseMs: requestLeaseMs });
    if (begun.kind === 'replay') {
      const row = await findAccount(db, eq(bankAccounts.id, begun.resourceId));
      if (row) return { row, replayed: true };
      // A claim recorded before claims had phases, whose provider call failed: carry on under its id.
    }
    id = begun.resourceId;
  }
  // A retry that resumes a claim whose account was recorded meanwhile (its recovery job): answer it.
  const recorded = await findAccount(db, eq(bankAccounts.id, id));
  if (recorded) {
    if (claim) await completeRequest(db, claim);
    return { row: recorded, replayed: true };
  }
  const opening = await openBankAccount({ db, clock, providers }, company, input.provider, id, claim ?? null);
  if (opening.status !== 'SUCCEEDED') {
    if (claim) await releaseRequest(db, claim, opening.status === 'FAILED' ? 'forget' : 'unlock', clock.now());
    throw providerFailure(asProviderError(opening.error), 'account opening');
  }
  return { row: (await findAccount(db, eq(bankAccounts.id, id)))!, replayed: false };
}

/** What the request answers for a run that did not succeed: a failing record step is an unknown outcome too. */
function asProviderError(err: unknown): unknown {
  return err instanceof ProviderError ? err : unknownOutcome('the opening was not recorded', 'bank-account.open');
}

export async function getAccount(
  db: Database,
  principal: CompanyPrincipal,
  id: string,
): Promise<BankAccountWithBalances> {
  const row = await findAccount(db, and(eq(bankAccounts.id, id), accountsInReach(principal))!);
  if (!row) throw notFound('Bank account');
  return row;
}

/**
 * Sandbox deposit: money arrives at the provider for the account: one DEPOSIT ledger transaction (clearing +X,
 * available +X, repaying debt first). Each call is its own business event (a fresh source id).
 */
export async function deposit(
  db: Database,
  clock: Clock,
  accountId: string,
  amount: number,
  correlationId: string,
): Promise<BankAccountWithBalances> {
  return db.transaction(async (tx) => {
    const account = await findAccountRow(tx, eq(bankAccounts.id, accountId));
    if (!account) throw notFound('Bank account');
    const now = clock.now(account.organizationId);
    const posted = await post(tx, {
      code: 'DEPOSIT',
      source: { type: 'DEPOSIT', id: randomUUID() },
      postings: depositPostings({ id: account.id, owner: ledgerOwner(account) }, amount),
      now,
    });
    // The deposit repays debt first (M3): say so (M9), in the same transaction.
    for (const c of await debtChangesOf(tx, posted.transactionId)) {
      const payload = {
        bank_account_id: c.bankAccountId,
        old_debt: c.oldDebt,
        new_debt: c.newDebt,
        sequence: c.sequence,
      };
      await recordEvent(
        tx,
        {
          type: 'balance.debt-changed',
          companyId: account.companyId,
          organizationId: account.organizationId,
          correlationId,
          payload,
        },
        now,
      );
    }
    return (await findAccount(tx, eq(bankAccounts.id, accountId)))!;
  });
}
