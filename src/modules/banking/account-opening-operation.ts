import { eq } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import {
  bankAccounts,
  type BankAccountRow,
  type CompanyRow,
  type ProviderOperationRow,
  type ProviderOperationStatus,
} from '../../db/schema/index.js';
import type { Clock } from '../../kernel/clock.js';
import { enqueueJob } from '../../jobs/queue.js';
import { completeRequest } from '../../kernel/idempotency.js';
import {
  claimOrJoin,
  runForRequest,
  type OperationHandler,
  type OperationHandlers,
  type OperationRuntime,
} from '../../kernel/provider-operation.js';
import type { OpenAccountResult } from '../../providers/banking.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { insertAccount } from './banking.repo.js';

/**
 * Opening a company's account at a provider is one provider operation (src/kernel/provider-operation.ts,
 * docs/decisions/provider-operations.md): kind `bank-account.open`, resource the account (its id chosen before
 * the call), claimed with its recovery job in one transaction, called outside any transaction, and recorded
 * (the account row, the request_id's claim completed) in one transaction. Only a refusal fails it; an unknown
 * outcome or a failing record step leave it PENDING and its recovery job (a read under the key first, then
 * the same call) records the account. Every opener goes through here: `POST /v1/banking/bank-accounts`, the
 * affiliation's activation (money.md M2) and a first payment.
 */
export const ACCOUNT_OPEN_OPERATION = 'bank-account.open';
const RESOURCE = 'bank-account';

export interface OpeningDeps {
  db: Database;
  clock: Clock;
  providers: ProviderRegistry;
}

/** What the operation records besides the provider's call: the request_id's claim it completes, if any. */
interface RequestClaim {
  companyId: string;
  scope: string;
  requestId: string;
}
interface OpenCall {
  companyId: string;
  owner: { name: string; document: string };
  claim: RequestClaim | null;
}
const callOf = (op: ProviderOperationRow) => op.request as unknown as OpenCall;

export const operationRuntimeOf = (deps: Pick<OpeningDeps, 'db' | 'clock'>): OperationRuntime => ({
  db: deps.db,
  now: () => deps.clock.now(),
  enqueue: enqueueJob,
});

/** In the recording transaction: the account row (once: a concurrent opener may have recorded it). */
async function recordOpened(
  tx: Tx,
  clock: Clock,
  op: ProviderOperationRow,
  opened: Pick<OpenAccountResult, 'branch' | 'accountNumber'>,
): Promise<void> {
  const call = callOf(op);
  const [existing] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, op.resourceId));
  if (!existing) {
    const organizationId = op.organizationId ?? call.companyId;
    const now = clock.now(organizationId);
    await insertAccount(tx, {
      id: op.resourceId,
      companyId: call.companyId,
      organizationId,
      provider: op.provider,
      branch: opened.branch,
      accountNumber: opened.accountNumber,
      status: 'ACTIVE',
      available: 0,
      held: 0,
      createdAt: now,
      updatedAt: now,
    });
  }
  if (call.claim) await completeRequest(tx, call.claim);
}

/** The `bank-account.open` kind: the call under the operation's id; the recovery reads first (sync under the key). */
export function accountOpeningHandlers(deps: OpeningDeps): OperationHandlers {
  const call = (op: ProviderOperationRow) => {
    const c = callOf(op);
    return deps.providers.require(
      op.provider,
      'bank-account.open',
    )({
      idempotencyKey: op.id,
      companyId: c.companyId,
      owner: c.owner,
    });
  };
  const open: OperationHandler<OpenAccountResult> = {
    call,
    resume: async (op) => {
      if (!deps.providers.offers(op.provider, 'bank-account.sync')) return call(op);
      const found = await deps.providers.require(op.provider, 'bank-account.sync')({ idempotencyKey: op.id });
      if (!found.found) return call(op);
      const { found: _, ...result } = found;
      return result;
    },
    succeeded: (tx, op, result) => recordOpened(tx, deps.clock, op, result),
  };
  return { [ACCOUNT_OPEN_OPERATION]: open };
}

export type Opening =
  | { status: 'SUCCEEDED'; account: BankAccountRow }
  | { status: Exclude<ProviderOperationStatus, 'SUCCEEDED'>; error: unknown };

const accountById = async (ex: Executor, id: string) =>
  (await ex.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1))[0];

/**
 * Opens the account `accountId` of `company` at `provider` (a banking provider: the caller checked) on the
 * primitive, or answers it when it exists. A resource with an open operation (a crash, an unknown outcome, a
 * concurrent opener) is joined: the same call under the same key, recorded once. The first operation's key is
 * the account's id (the key every opener sent before operations existed).
 */
export async function openBankAccount(
  deps: OpeningDeps,
  company: Pick<CompanyRow, 'id' | 'organizationId' | 'fullName' | 'documentNumber'>,
  provider: string,
  accountId: string,
  claim: RequestClaim | null = null,
): Promise<Opening> {
  const rt = operationRuntimeOf(deps);
  const claimed = await claimOrJoin(
    rt,
    {
      kind: ACCOUNT_OPEN_OPERATION,
      resourceType: RESOURCE,
      resourceId: accountId,
      organizationId: company.organizationId ?? company.id,
      companyId: company.id,
      provider,
      request: {
        companyId: company.id,
        owner: { name: company.fullName, document: company.documentNumber },
        claim,
      } satisfies OpenCall,
    },
    (tx) => accountById(tx, accountId),
  );
  if ('existing' in claimed) return { status: 'SUCCEEDED', account: claimed.existing };
  const ran = await runForRequest(rt, claimed.op, accountOpeningHandlers(deps)[ACCOUNT_OPEN_OPERATION]!);
  if (ran.status !== 'SUCCEEDED') return { status: ran.status, error: ran.error };
  const account = await accountById(deps.db, accountId);
  if (!account) throw new Error(`bank account ${accountId} recorded without its row`);
  return { status: 'SUCCEEDED', account };
}

/** A ledger-only account (providers.md Changes 9: the provider account keeps no bank accounts): no provider call. */
export async function openLedgerOnlyAccount(
  deps: Pick<OpeningDeps, 'db' | 'clock'>,
  company: Pick<CompanyRow, 'id' | 'organizationId'>,
  provider: string,
  accountId: string,
): Promise<BankAccountRow> {
  const organizationId = company.organizationId ?? company.id;
  const now = deps.clock.now(organizationId);
  try {
    return await insertAccount(deps.db, {
      id: accountId,
      companyId: company.id,
      organizationId,
      provider,
      branch: null,
      accountNumber: null,
      status: 'ACTIVE',
      available: 0,
      held: 0,
      createdAt: now,
      updatedAt: now,
    });
  } catch (err) {
    if (!isUniqueViolation(err, 'bank_accounts_pkey')) throw err;
    return (await accountById(deps.db, accountId))!;
  }
}
