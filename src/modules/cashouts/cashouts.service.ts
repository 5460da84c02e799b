import { assertBankingCapable } from '../banking/banking.repo.js';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  affiliations,
  bankAccounts,
  cashouts,
  companies,
  type BankAccountRow,
  type CashoutRow,
} from '../../db/schema/index.js';
import { recordEvent } from '../../events/outbox.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { CompanyPrincipal } from '../../kernel/context.js';
import { badRequest, conflictWithReason, notFound } from '../../kernel/errors.js';
import { claimRequestId } from '../../kernel/idempotency.js';
import { balancesOf, hold } from '../../ledger/ledger.js';
import { InsufficientBalanceError } from '../../ledger/rules.js';
import { lastSequenceOf } from '../../ledger/sequence.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { accountsInReach, ledgerOwner } from '../banking/banking.repo.js';
import { assertMayMoveMoney } from '../companies/company-status.js';
import type { StatusDeps } from './cashout-status.js';
import type { ProviderOperationRow } from '../../db/schema/index.js';
import type { OperationRuntime } from '../../kernel/provider-operation.js';
import { CASHOUT_AUTOPILOT_JOB, cashoutCall, claimCashoutSubmission, submitCashout } from './cashout-submission.js';
import { byId, cashoutPriceOf, cashoutsInReach, findCashout, inScope, returnsOf } from './cashouts.repo.js';
import { toCashoutView, type CreateCashoutInput } from './cashouts.schemas.js';

export interface CashoutDeps extends StatusDeps {
  providers: ProviderRegistry;
  /** SANDBOX_AUTOPILOT: each cashout completes about this long after creation (a job on the organization's clock). */
  autopilotDelayMs: number;
  /** How provider operations run (src/kernel/provider-operation.ts): the database, real time, the job queue. */
  operations: OperationRuntime;
}

/** An automatic cashout's slot (money.md M5): its request_id and schedule_slot come from it. */
export interface AutomaticOrigin {
  slot: string;
}

const reasonOf = (message: string, field: string, value: unknown, reason: string, extra?: Record<string, unknown>) =>
  conflictWithReason(message, field, value, reason, extra);

/** POST /v1/banking/cashouts: the account within reach (404 otherwise), then createForAccount. */
export async function createCashout(
  deps: CashoutDeps,
  correlationId: string,
  principal: CompanyPrincipal,
  input: CreateCashoutInput,
) {
  const [account] = await deps.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, input.bank_account_id), accountsInReach(principal)));
  if (!account) throw notFound('Bank account');
  return createForAccount(deps, correlationId, principal.companyId, account, input);
}

/**
 * One transaction claims the request_id, checks M5's 409 reasons in order (COMPANY_NOT_ACTIVE,
 * AFFILIATION_NOT_ACTIVE, SETTLEMENT_ACCOUNT_INVALID, INSUFFICIENT_FUNDS), records the PENDING cashout, holds
 * amount + price (CASHOUT_HOLD: available -> held, never below zero), its submit recovery job, its autopilot
 * job and `cashout.created`. The provider is called after the commit (cashout-submission.ts).
 */
export async function createForAccount(
  deps: CashoutDeps,
  correlationId: string,
  callerCompanyId: string,
  account: BankAccountRow,
  input: CreateCashoutInput,
  automatic?: AutomaticOrigin,
) {
  // A ledger-only account (banking: false) answers 409 PROVIDER_NOT_CAPABLE after AFFILIATION_NOT_ACTIVE (createInTx).
  if (account.branch !== null && !deps.providers.offers(account.provider, 'cashout.submit')) {
    throw badRequest(
      `The provider ${account.provider} of this account does not offer cashouts`,
      'bank_account_id',
      account.id,
    );
  }
  const id = randomUUID();
  const now = deps.clock.now(account.organizationId);
  const created = await deps.db.transaction((tx) =>
    createInTx(tx, deps, correlationId, callerCompanyId, account, input, id, now, automatic),
  );
  if (created.replayed || !created.op) return { row: created.row, replayed: created.replayed };
  return { row: await submitCashout(deps, deps.operations, created.row, created.op), replayed: false };
}

async function createInTx(
  tx: Tx,
  deps: CashoutDeps,
  correlationId: string,
  callerCompanyId: string,
  account: BankAccountRow,
  input: CreateCashoutInput,
  id: string,
  now: Date,
  automatic?: AutomaticOrigin,
): Promise<{ row: CashoutRow; replayed: boolean; op?: ProviderOperationRow | null }> {
  const existing = await claimRequestId(tx, {
    companyId: callerCompanyId,
    scope: 'cashout',
    requestId: input.request_id,
    body: input,
    resourceId: id,
  });
  if (existing) {
    const row = await findCashout(tx, byId(existing));
    if (!row) throw notFound('Cashout');
    return { row, replayed: true };
  }
  const [company] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, account.companyId));
  if (company?.status !== 'ACTIVE')
    throw reasonOf(
      'The company of the account is not active',
      'company',
      company?.status ?? null,
      'COMPANY_NOT_ACTIVE',
    );
  await assertMayMoveMoney(tx, [callerCompanyId]);
  const [aff] = await tx
    .select()
    .from(affiliations)
    .where(and(eq(affiliations.companyId, account.companyId), eq(affiliations.provider, account.provider)));
  if (!aff || (aff.status !== 'ACTIVE' && aff.status !== 'INVALID_SETTLEMENT_BANK_ACCOUNT')) {
    throw reasonOf(
      'The affiliation of the account with its provider is not active',
      'affiliation',
      aff?.status ?? null,
      'AFFILIATION_NOT_ACTIVE',
    );
  }
  assertBankingCapable(account); // providers.md Changes 9
  if (aff.status === 'INVALID_SETTLEMENT_BANK_ACCOUNT' || !aff.settlementPixKey || !aff.settlementPixKeyType) {
    throw reasonOf(
      'The affiliation has no valid settlement account',
      'settlement_account',
      aff.settlementPixKey ?? null,
      'SETTLEMENT_ACCOUNT_INVALID',
    );
  }
  const price = await cashoutPriceOf(tx, account.companyId);
  const [doc] = await tx
    .select({ document: companies.documentNumber })
    .from(companies)
    .where(eq(companies.id, account.companyId));
  const [row] = await tx
    .insert(cashouts)
    .values({
      id,
      requestId: input.request_id,
      companyId: account.companyId,
      organizationId: account.organizationId,
      bankAccountId: account.id,
      provider: account.provider,
      amount: input.amount,
      price,
      status: 'PENDING',
      destination: {
        pix_key_type: aff.settlementPixKeyType,
        pix_key: aff.settlementPixKey,
        owner_document: doc?.document ?? '',
        dict_key_information: aff.settlementDict ?? null,
      },
      automatic: automatic !== undefined,
      scheduleSlot: automatic?.slot ?? null,
      returnedAmount: 0,
      metadata: input.metadata ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  try {
    await hold(tx, {
      code: 'CASHOUT_HOLD',
      source: { type: 'CASHOUT', id },
      account: { id: account.id, owner: ledgerOwner(account) },
      amount: input.amount + price,
      now,
    });
  } catch (err) {
    if (!(err instanceof InsufficientBalanceError)) throw err;
    const available = (await balancesOf(tx, [account.id])).get(account.id)!.available;
    throw reasonOf('amount + price is above the available balance', 'amount', input.amount, 'INSUFFICIENT_FUNDS', {
      available,
      price,
    });
  }
  // The provider operation and its recovery job, with the cashout: if this request dies before or after the
  // provider has it, the recovery finishes it under the same key. Provider work runs on real time.
  const op = await claimCashoutSubmission(tx, row!, cashoutCall(row!, account), deps.clock.now());
  if (deps.autopilot) {
    await enqueueJob(
      tx,
      {
        kind: CASHOUT_AUTOPILOT_JOB,
        runAt: new Date(now.getTime() + deps.autopilotDelayMs),
        payload: { cashoutId: id },
        dedupeKey: `${CASHOUT_AUTOPILOT_JOB}:${id}`,
        organizationId: account.organizationId,
      },
      now,
    );
  }
  const view = toCashoutView(row!, []);
  await recordEvent(
    tx,
    {
      type: 'cashout.created',
      companyId: row!.companyId,
      organizationId: row!.organizationId,
      correlationId,
      payload: { ...view, cashout_id: id, sequence: await lastSequenceOf(tx, account.id) },
    },
    now,
  );
  return { row: row!, replayed: false, op };
}

export async function getCashout(deps: Pick<CashoutDeps, 'db'>, principal: CompanyPrincipal, id: string) {
  const row = await findCashout(deps.db, inScope(id, cashoutsInReach(principal)));
  if (!row) throw notFound('Cashout');
  return row;
}

/** The view with its returns (GET, create answers, events). */
export async function viewOf(deps: Pick<CashoutDeps, 'db'>, row: CashoutRow) {
  return toCashoutView(row, (await returnsOf(deps.db, [row.id])).get(row.id)!);
}
