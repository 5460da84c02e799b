import { randomUUID } from 'node:crypto';
import type { BankAccountRow, CompanyRow, NewTransactionRow, TransactionRow } from '../../../db/schema/index.js';
import { isUniqueViolation } from '../../../db/errors.js';
import type { CompanyPrincipal } from '../../../kernel/context.js';
import { validationError } from '../../../kernel/errors.js';
import { beginRequest, completeRequest, releaseRequest } from '../../../kernel/idempotency.js';
import { ProviderError, ProviderNotCapable } from '../../../providers/errors.js';
import { outcomeUnknown, providerFailure } from '../../../kernel/provider-failures.js';
import { feeUnder } from '../../fees/effective-fee.js';
import type { TransactionDeps } from '../shared/transactions.context.js';
import { assertKnownKeys, cardFieldIssues, cardDataIssue, fingerprintBody } from './transactions.input.js';
import { recoveryPointJob } from './transactions.outcome.js';
import { assertCompanyMayPay, ensureBankAccount, storedCardOf } from './transactions.prepare.js';
import { wallMillis } from '../../../kernel/clock.js';
import { requireUsableAccount } from '../../provider-accounts/provider-accounts.service.js';
import {
  attemptOperationRow,
  closeAttemptOperations,
  routePayment,
  windowEntriesWritten,
  type Route,
} from '../../routing/index.js';
import {
  assertRoutable,
  pendingAttempt,
  providersUnavailable,
  routedPaymentOf,
  routingOf,
  runAttempts,
} from './transactions.attempts.js';
import { readForCreate } from './transactions.reads.js';
import { createBatchers, type RecordItem } from './transactions.batch.js';
import { deleteUnannounced, findTransactionRow } from '../shared/transactions.repo.js';
import { checkCreation, externalThreeDsRefusal } from '../shared/transactions.rules.js';
import type { CreateTransactionInput } from '../shared/transactions.schemas.js';
import { keepsAuthorization } from '../shared/kept-authorizations.repo.js';
import { cardSourceOf, type PaymentCall } from './transactions.call.js';
import { must } from '../../../kernel/must.js';

export const TRANSACTION_SCOPE = 'transaction';

/**
 * POST /v1/transactions and /v1/merchants/{merchantId}/transactions (payments.md P3), in atomic phases:
 * checks and reads; the request_id claimed (STARTED); the row recorded unannounced with a recovery job (and a
 * 3DS session consumed) in one transaction; the provider called outside any transaction under our id; the
 * outcome recorded in one transaction with `transaction.created` and the claim completed. Nothing reached the
 * provider (`unavailable`): the row is deleted, 502, the request_id retryable. A card value that does not
 * open: the row is deleted, 400 DECRYPTION_FAILED.
 */
export async function createTransaction(
  deps: TransactionDeps,
  principal: CompanyPrincipal,
  merchantId: string | undefined,
  input: CreateTransactionInput,
  correlationId: string,
): Promise<{ row: TransactionRow; replayed: boolean }> {
  const { db, clock } = deps;
  // One instant for the whole create: the PIX expiry is counted from the transaction's created_at.
  const now = clock.now(principal.organizationId);
  const beganAt = wallMillis();
  const check = checkCreation(input, now);
  if (!check.ok) throw check.error;
  const fieldIssues = cardFieldIssues(input, check.cardSource);
  if (fieldIssues.length > 0) throw validationError(fieldIssues);
  await assertKnownKeys(deps.keys, input);

  // The five reads (company in reach, the caller's status, affiliations, bank accounts, fee policy) in one statement.
  const reads = await readForCreate(db, principal, merchantId);
  const { company } = reads;
  const organizationId = company.organizationId ?? company.id;
  // Lookups of ids first (404 outside reach), then the company's state and its provider (409s).
  const storedCard = input.card_id ? await storedCardOf(db, company.id, input.card_id) : undefined;
  assertCompanyMayPay(principal, company, reads.callerStatus);
  const pix = input.payment_method === 'PIX';
  // R1.5: a name the organization may not use is 400 before anything else; R6.5's 409s come with the decision.
  const explicit =
    input.provider === undefined ? null : (await requireUsableAccount(db, organizationId, input.provider)).provider;

  let id: string = randomUUID();
  const claim = input.request_id
    ? { companyId: company.id, scope: TRANSACTION_SCOPE, requestId: input.request_id }
    : undefined;
  // A first claim of its request_id (the common create with one): nothing was recorded under it, so nothing to
  // look for, and it records and announces with the grouped creates (its claim completed in the outcome's batch).
  let firstClaim = false;
  if (claim) {
    const begun = await beginRequest(db, { ...claim, body: fingerprintBody(input), resourceId: id }, clock, {
      leaseMs: deps.requestLeaseMs,
    });
    id = begun.resourceId;
    firstClaim = begun.kind === 'first';
    const existing = firstClaim ? undefined : await findTransactionRow(db, id);
    if (existing?.announced) {
      if (begun.kind !== 'replay') await db.transaction((tx) => completeRequest(tx, claim));
      return { row: existing, replayed: true };
    }
  }

  // R6: the same reads and decision as POST /v1/routing/decide (key: the request_id, else the transaction id); a
  // replay answered above never routes again.
  let route: Route;
  let account: BankAccountRow;
  try {
    route = await routePayment(db, {
      organizationId,
      companyId: company.id,
      payment: routedPaymentOf(input, company, check.installments, check.capture, storedCard),
      key: input.request_id ?? id,
      explicit,
      now: clock.now(),
      correlationId,
      reads: reads.routing,
    });
    assertRoutable(route.decision);
    account = await ensureBankAccount(
      db,
      deps.providers,
      clock,
      company,
      must(route.decision.attempt_order[0], 'a routable decision has a first attempt').provider,
      reads.accounts,
    );
  } catch (err) {
    if (claim) await releaseRequest(db, claim, 'forget', clock.now());
    throw err;
  }
  const first = must(route.decision.attempt_order[0], 'a routable decision has a first attempt');
  const provider = first.provider;

  const fee = feeUnder(reads.policy, {
    amount: input.amount,
    payment_method: input.payment_method,
    installments: check.installments,
    card_data: { brand: input.card_data?.brand ?? storedCard?.brand },
  });
  const newRow = (source: ReturnType<typeof cardSourceOf>): NewTransactionRow => ({
    id,
    companyId: company.id,
    organizationId,
    requestId: input.request_id ?? null,
    provider,
    paymentMethod: input.payment_method,
    status: pix ? 'WAITING_PAYMENT' : 'PROCESSING',
    amount: input.amount,
    currency: 'BRL',
    installments: check.installments,
    capture: check.capture,
    capturedAmount: 0,
    refundedAmount: 0,
    pendingRefundAmount: 0,
    bankAccountId: account.id,
    fee: fee ? { fee_policy_id: fee.fee_policy_id, rule_id: fee.rule_id, amount: fee.amount } : null,
    description: input.description ?? null,
    statementDescriptor: input.statement_descriptor ?? null,
    customer: input.customer ?? null,
    cardData: source?.view ?? null,
    threeDs: source?.threeDs ?? null,
    metadata: input.metadata ?? null,
    attempts: [pendingAttempt(id, 1, first, now)],
    routing: routingOf(route.decision),
    announced: false,
    createdAt: now,
    updatedAt: now,
  });
  const recoverJob = recoveryPointJob(id, clock.now());
  const callOf = (source: ReturnType<typeof cardSourceOf>): PaymentCall =>
    source
      ? { kind: 'card', card: source.card, threeDs: source.proof }
      : { kind: 'pix', expiresAt: must(check.pixExpiresAt, 'a PIX create has its expiry'), due: check.pixDue ?? null };
  // External 3DS N/R: refused without calling the provider (P3); its outcome is recorded as any other.
  const declined = input.three_ds?.external ? externalThreeDsRefusal(input.three_ds.external.trans_status) : null;
  // A new transaction id (no claim, or a claim made just now) claims its first attempt's operation with its row,
  // unless that attempt keeps its request (R5.1): its claim writes it, in transactions.attempts.ts.
  const keepsFirst = !pix && keepsAuthorization(route.accounts.get(provider)?.connector ?? '');
  const newId = !claim || firstClaim;
  const fresh = newId && !keepsFirst;
  const recordOf = (source: ReturnType<typeof cardSourceOf>): RecordItem => {
    const row = newRow(source);
    return {
      row,
      recoverJob,
      now,
      ...(fresh && !declined
        ? { operation: attemptOperationRow(row, pendingAttempt(id, 1, first, now), clock.now()) }
        : {}),
    };
  };
  const batch = createBatchers(db, clock);
  let recorded: { row: TransactionRow; call: PaymentCall };
  try {
    // Only a resumed claim can find its row already recorded (a crash after the first recording).
    const existing = newId ? undefined : await findTransactionRow(db, id);
    if (input.three_ds?.session_id) {
      // Recorded with the creates of the organization consuming a session now (one transaction for all): the
      // session consumed exactly when its row is recorded (transactions.batch.ts).
      const { row, session } = await batch.recordWithSession.run(organizationId, {
        use: {
          sessionId: input.three_ds.session_id,
          companyId: company.id,
          amount: input.amount,
          installments: check.installments,
          transactionId: id,
          now,
        },
        build: (consumed) => recordOf(cardSourceOf(input, { storedCard, session: consumed })),
        ...(existing ? { existing } : {}),
      });
      recorded = { row, call: callOf(cardSourceOf(input, { storedCard, session })) };
    } else {
      // The row, its recovery job and its first attempt's operation in one statement shared with the creates
      // recording at the same time, one round trip and one commit for all of them.
      const source = cardSourceOf(input, { storedCard });
      recorded = {
        row: existing ?? (await batch.record.run(organizationId, recordOf(source))),
        call: callOf(source),
      };
    }
  } catch (err) {
    if (claim) await releaseRequest(db, claim, 'forget', clock.now());
    if (isUniqueViolation(err, 'transactions_pkey'))
      return { row: must(await findTransactionRow(db, id), 'the row that holds the key'), replayed: true };
    throw err;
  }
  if (declined) {
    const refused = await batch.outcome.run(organizationId, {
      row: recorded.row,
      outcome: { kind: 'declined', refusal: declined },
      correlationId,
      autopilot: deps.autopilot,
      ...(claim ? { claim } : {}),
    });
    return { row: refused, replayed: false };
  }
  return complete(deps, {
    row: recorded.row,
    call: recorded.call,
    company,
    account,
    accounts: reads.accounts,
    route,
    onGenericDecline: route.failover.on_generic_decline,
    beganAt,
    input,
    claim,
    firstClaimed: fresh,
    correlationId,
  });
}

async function complete(
  deps: TransactionDeps,
  c: {
    row: TransactionRow;
    call: PaymentCall;
    company: CompanyRow;
    account: BankAccountRow;
    accounts: readonly BankAccountRow[];
    route: Route;
    onGenericDecline: boolean;
    beganAt: number;
    input: CreateTransactionInput;
    claim?: { companyId: string; scope: string; requestId: string };
    firstClaimed: boolean;
    correlationId: string;
  },
): Promise<{ row: TransactionRow; replayed: boolean }> {
  const { db, clock } = deps;
  const { row, claim } = c;
  const undo = async (mode: 'forget' | 'unlock') => {
    await deleteUnannounced(db, row.id);
    // Each attempt recorded its operation; one the loop could not record ends with the row.
    await closeAttemptOperations(db, row.id, 'RELEASED', 'create: nothing recorded', clock.now());
    if (claim) await releaseRequest(db, claim, mode, clock.now());
  };
  let ran;
  try {
    ran = await runAttempts(deps, {
      row,
      call: c.call,
      company: c.company,
      firstAccount: c.account,
      rowNamesFirst: true,
      firstClaimed: c.firstClaimed,
      accounts: c.accounts,
      input: c.input,
      route: c.route,
      onGenericDecline: c.onGenericDecline,
      beganAt: c.beganAt,
      correlationId: c.correlationId,
    });
  } catch (err) {
    if (err instanceof ProviderError && err.kind === 'unknown_outcome') {
      // providers.md R3.8: a PIX charge whose read did not answer may exist. Nothing is shown (no BR Code), and
      // the unannounced row stays for its recovery job, which cancels whatever exists before removing it.
      if (claim) await releaseRequest(db, claim, 'unlock', clock.now());
      throw outcomeUnknown('payment', 'nothing was recorded; retry with the same request_id');
    }
    if (err instanceof ProviderError || err instanceof ProviderNotCapable) {
      const issue =
        err instanceof ProviderError && err.kind === 'refused' ? cardDataIssue(err.code, err.message, c.input) : null;
      // Nothing exists at the provider that we will ever record: the row goes, the request_id may be retried.
      await undo(err instanceof ProviderError && err.kind !== 'refused' ? 'unlock' : 'forget');
      if (issue) throw validationError([issue]);
      throw providerFailure(err, 'payment');
    }
    // Anything else (a bug, a lost process) leaves the unannounced row to its recovery job.
    if (claim) await releaseRequest(db, claim, 'unlock', clock.now());
    throw err;
  }
  if (!ran.deciding) {
    // R6.7: no attempt got an answer. Nothing is stored; the same request_id may be retried.
    await undo('unlock');
    throw providersUnavailable(ran.failures);
  }
  const { outcome } = ran.deciding;
  // The deciding attempt's account and bank account (an earlier one when later attempts reached no one).
  const moved =
    ran.recorded.provider !== ran.deciding.provider
      ? { provider: ran.deciding.provider, bankAccountId: ran.deciding.bankAccount.id }
      : {};
  const extra = { attempts: ran.attempts, ...moved };
  const decided: TransactionRow = {
    ...row,
    provider: ran.deciding.provider,
    bankAccountId: ran.deciding.bankAccount.id,
    attempts: ran.attempts,
  };
  // Recorded with the outcomes of the organization's other creates finishing now: one transaction for all, which
  // also completes their claims (so a claim is DONE exactly when its outcome is recorded) and finishes their
  // deciding attempts' operations. A batch of one is the single create: the same code.
  const [announced] = await Promise.all([
    createBatchers(db, clock).outcome.run(row.organizationId, {
      row: decided,
      outcome,
      extra,
      correlationId: c.correlationId,
      autopilot: deps.autopilot,
      ...(claim ? { claim } : {}),
      ...(ran.operation ? { operation: ran.operation } : {}),
      ...(ran.window ? { window: ran.window } : {}),
    }),
    ran.circuit,
  ]);
  if (ran.window) await windowEntriesWritten(db, [row.organizationId]);
  return { row: announced, replayed: false };
}
