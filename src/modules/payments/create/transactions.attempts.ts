import { and, eq } from 'drizzle-orm';
import type {
  BankAccountRow,
  CompanyRow,
  StoredCardRow,
  TransactionAttemptJson,
  TransactionRow,
} from '../../../db/schema/index.js';
import { transactions } from '../../../db/schema/index.js';
import { wallMillis } from '../../../kernel/clock.js';
import { conflictWithReason, DomainError } from '../../../kernel/errors.js';
import { ProviderError, ProviderNotCapable } from '../../../providers/errors.js';
import type { RoutedPayment } from '../../../providers/routing/conditions.js';
import { attemptId } from '../../../providers/routing/draw.js';
import { noEligibleProvider, type DecisionCandidate, type RoutingDecision } from '../../../providers/routing/decide.js';
import { failsOver } from '../../../providers/routing/failover.js';
import { brandFromBin } from '../../../domain/card-brands.js';
import { claimProbe, releaseProbe } from '../../provider-accounts/provider-accounts.circuit.js';
import {
  claimAttemptOperation,
  recordAttemptOperation,
  recordAttemptCircuit,
  recordAttemptOutcome,
  windowEntryOf,
  type FinishedAttempt,
  type Route,
  type WindowEntry,
} from '../../routing/index.js';
import { classifyAnswer, classifyFailure, type ClassifiedCall } from './attempts.rules.js';
import type { TransactionDeps } from '../shared/transactions.context.js';
import { callProvider, cardAuthorization, type CallOutcome, type PaymentCall } from './transactions.call.js';
import { keptAuthorizationInsert, keepsAuthorization, keptRequestOf } from '../shared/kept-authorizations.repo.js';
import { ensureBankAccount } from './transactions.prepare.js';
import type { CreateTransactionInput } from '../shared/transactions.schemas.js';

/**
 * The attempts of a create (providers.md R6.7): the routed accounts called one after the other, each under its own
 * key (R6.8's attempt id), the next one only where R6.7's table allows it. Nothing is announced until the loop
 * ends, so a failed-over attempt leaves no hold, receivable or event: the one transaction that records the outcome
 * records the deciding attempt's.
 */

/** R6.7's time budget: no attempt starts later than this after the create began. */
const ATTEMPT_BUDGET_MS = 20_000;

/** R6.5 as a create sees the payment (brand and BIN when the card is known before the call). */
export function routedPaymentOf(
  input: CreateTransactionInput,
  company: CompanyRow,
  installments: number,
  capture: boolean,
  storedCard: StoredCardRow | undefined,
): RoutedPayment {
  const pix = input.payment_method === 'PIX';
  const bin = input.card_data?.bin ?? storedCard?.bin ?? null;
  const brand = input.card_data?.brand ?? storedCard?.brand ?? (bin ? brandFromBin(bin) : null);
  const external = input.three_ds?.external;
  return {
    payment_method: input.payment_method,
    amount: input.amount,
    installments,
    company_id: company.id,
    capture,
    card: pix ? null : { brand, bin },
    three_ds: external
      ? { authenticated: external.trans_status === 'Y' || external.trans_status === 'A' }
      : input.three_ds?.session_id
        ? { authenticated: true }
        : null,
    pix_due_date: false,
    wallet_token: input.card_data?.network_token !== undefined,
  };
}

/** R6.5: no account to call answers 409 on `provider` with the reason (and every candidate's reasons). */
export function assertRoutable(decision: RoutingDecision): void {
  const none = noEligibleProvider(decision);
  if (!none) return;
  const message =
    none.value === null
      ? 'No provider account can take this payment'
      : `${none.value} cannot take this payment (${none.reason})`;
  throw conflictWithReason(
    message,
    'provider',
    none.value,
    none.reason,
    none.candidates ? { candidates: none.candidates } : undefined,
  );
}

export const routingOf = (decision: RoutingDecision) => ({
  configuration_version: decision.strategy === 'EXPLICIT' ? 0 : decision.configuration_version,
  rule_id: decision.rule_id,
  strategy: decision.strategy,
  draw: decision.draw,
  candidates: decision.attempt_order.map((c) => c.provider),
});

/** The attempt about to be made, PROCESSING until its call ends. */
export function pendingAttempt(
  transactionId: string,
  number: number,
  c: DecisionCandidate,
  startedAt: Date,
): TransactionAttemptJson {
  return {
    id: attemptId(transactionId, c.provider_account_id!),
    number,
    provider: c.provider,
    provider_account_id: c.provider_account_id,
    routing_reason: c.routing_reason,
    outcome: 'PROCESSING',
    error: null,
    refusal: null,
    failed_over: false,
    provider_reference: null,
    latency_ms: null,
    started_at: startedAt.toISOString(),
    finished_at: null,
  };
}

export interface AttemptsResult {
  attempts: TransactionAttemptJson[];
  /** The deciding attempt's answer, account and bank account; null when every attempt FAILED. */
  deciding: { outcome: CallOutcome; provider: string; bankAccount: BankAccountRow } | null;
  failures: { provider: string; code: string }[];
  /** What the row names now (the last attempt made): the outcome's recording moves it back to the deciding one. */
  recorded: { provider: string; bankAccountId: string | null };
  /**
   * The deciding attempt's operation, finished by the outcome's recording (in its transaction, with the batch's
   * others: one statement) rather than by a statement of its own; a crash before it leaves the operation PENDING
   * for the transaction's recovery, which closes it with the transaction's fate.
   */
  operation: { attempt: TransactionAttemptJson; code: string | null } | null;
  /**
   * The deciding attempt's entry into its success-rate window (R6.10), written by the outcome's recording in its
   * transaction (the announce statement carries it), so before the create answers and without a statement of its
   * own; null when the outcome does not count yet (PROCESSING: counted when resolved).
   */
  window: WindowEntry | null;
  /**
   * The deciding attempt's circuit (recordAttemptCircuit), in flight: the create awaits it with the outcome's
   * recording, before it answers (R6.11), instead of before that recording starts (a stage of its own in every
   * create's latency: docs/decisions/benchmarks.md). Never rejects.
   */
  circuit: Promise<void> | null;
}

interface LoopInput {
  row: TransactionRow;
  call: PaymentCall;
  company: CompanyRow;
  firstAccount: BankAccountRow;
  /** The row was recorded naming the first attempt (its provider, bank account and pending attempt). */
  rowNamesFirst: boolean;
  /** The first attempt's operation was claimed with the row (a new transaction id: transactions.batch.ts). */
  firstClaimed: boolean;
  accounts: readonly BankAccountRow[];
  input: CreateTransactionInput;
  route: Route;
  onGenericDecline: boolean;
  beganAt: number;
  correlationId: string;
}

/**
 * Runs the attempt order. Throws the create's own errors (card data that does not open: 400; a PIX whose charge
 * outcome stayed unknown: R3.8) after recording that attempt; answers every other outcome.
 */
export async function runAttempts(deps: TransactionDeps, l: LoopInput): Promise<AttemptsResult> {
  const { db, clock } = deps;
  // A resumed create (the same request_id after a crash) starts its attempts again: each account gets the same key.
  const attempts: TransactionAttemptJson[] = [];
  const failures: { provider: string; code: string }[] = [];
  let deciding: AttemptsResult['deciding'] = null;
  let genericDeclineFailedOver = false;
  const threeDsAuthenticated = l.row.threeDs?.trans_status === 'Y' || l.row.threeDs?.trans_status === 'A';
  let recorded = { provider: l.row.provider, bankAccountId: l.row.bankAccountId };
  let operation: AttemptsResult['operation'] = null;
  let deciderCircuit: Promise<void> | null = null;
  let deciderWindow: WindowEntry | null = null;
  const order = l.route.decision.attempt_order;
  // The first attempt's operation claimed with the row; released if that call is never made (a probe taken, its
  // bank account not opened), so the next attempt can claim its own (one open operation per transaction).
  let preclaimed: TransactionAttemptJson | null =
    l.firstClaimed && order[0] ? pendingAttempt(l.row.id, 1, order[0], clock.now(l.row.organizationId)) : null;
  const releasePreclaimed = async () => {
    if (!preclaimed) return;
    const released = finish(preclaimed, classifyFailure(null, 'not sent'), null, clock.now());
    preclaimed = null;
    await recordAttemptOperation(db, released, released.error?.code ?? null, clock.now());
  };
  for (const [i, candidate] of order.entries()) {
    if (i > 0 && wallMillis() - l.beganAt > ATTEMPT_BUDGET_MS) break;
    const account = l.route.accounts.get(candidate.provider)!;
    // R6.11: a half-open account takes one payment at a time, its probe; taken already, it is skipped.
    const probe = account.circuit.state === 'HALF_OPEN';
    if (probe && !(await claimProbe(db, account.provider_account_id, clock.now()))) {
      await releasePreclaimed();
      continue;
    }
    const startedAt = clock.now(l.row.organizationId);
    const attempt = pendingAttempt(l.row.id, attempts.length + 1, candidate, startedAt);
    let bankAccount: BankAccountRow;
    try {
      bankAccount =
        i === 0
          ? l.firstAccount
          : await ensureBankAccount(db, deps.providers, clock, l.company, candidate.provider, l.accounts);
    } catch (err) {
      // The account at this provider could not be opened: nothing of the payment was sent there (nor a probe).
      if (probe) await releaseProbe(db, account.provider_account_id, clock.now()).catch(() => undefined);
      attempts.push(
        finish(
          attempt,
          classifyFailure((err as { code?: string }).code, 'The bank account at the provider could not be opened'),
          null,
          clock.now(l.row.organizationId),
        ),
      );
      failures.push({ provider: candidate.provider, code: attempts.at(-1)!.error!.code });
      await releasePreclaimed();
      continue;
    }
    // The row names the attempt in flight (its provider, bank account and key), so its recovery job asks the right account.
    const inFlight = [...attempts, attempt];
    if (!(i === 0 && l.rowNamesFirst)) {
      await db
        .update(transactions)
        .set({ provider: candidate.provider, bankAccountId: bankAccount.id, attempts: inFlight })
        .where(and(eq(transactions.id, l.row.id), eq(transactions.announced, false)));
      recorded = { provider: candidate.provider, bankAccountId: bankAccount.id };
    }
    const attemptRow = { ...l.row, provider: candidate.provider, bankAccountId: bankAccount.id };
    // R5.1: at a provider without a payment read the request is kept (CVV-less) for the sync's replay, written with
    // the claim; such an attempt is never claimed with the row (transactions.create.ts).
    const prepared =
      l.call.kind === 'card' && keepsAuthorization(account.connector)
        ? await cardAuthorization(deps, attemptRow, l.call, attempt.id, l.route.merchantReferences)
        : undefined;
    const kept = prepared ? keptRequestOf(prepared) : null;
    // R6.8: the attempt is one provider operation under its own key, claimed before its call (the first one of a
    // new transaction id was claimed with its row).
    if (preclaimed?.id === attempt.id) preclaimed = null;
    else {
      await releasePreclaimed();
      await claimAttemptOperation(
        db,
        l.row,
        attempt,
        clock.now(),
        kept
          ? keptAuthorizationInsert(db, {
              attemptId: attempt.id,
              transactionId: l.row.id,
              organizationId: l.row.organizationId,
              request: kept,
              transactionCreatedAt: l.row.createdAt,
            })
          : undefined,
      );
    }
    const t0 = wallMillis();
    let classified: ClassifiedCall;
    let answer: CallOutcome | null = null;
    let fatal: unknown = null;
    try {
      answer = await callProvider(
        deps,
        attemptRow,
        l.call,
        l.company,
        bankAccount,
        l.input,
        attempt.id,
        prepared,
        l.route.merchantReferences,
      );
      classified = classifyAnswer(answer, l.row.amount, startedAt);
    } catch (err) {
      if (err instanceof ProviderError && err.kind === 'unavailable')
        classified = classifyFailure(err.code, err.message);
      else if (err instanceof ProviderError && err.kind === 'refused' && l.call.kind === 'pix')
        classified = classifyFailure('PROVIDER_REQUEST_REJECTED', err.message);
      else if (err instanceof ProviderNotCapable)
        classified = classifyFailure('PROVIDER_REQUEST_REJECTED', err.message);
      else {
        // The create answers these itself: a PIX charge that may exist (R3.8: no failover), card data that does
        // not open (400), anything unexpected. A PIX unknown still counts for the circuit.
        fatal = err;
        classified =
          err instanceof ProviderError && err.kind === 'unknown_outcome'
            ? classifyAnswer({ kind: 'unknown' }, l.row.amount, startedAt)
            : classifyFailure('PROVIDER_REQUEST_REJECTED', 'not counted');
      }
    }
    const latency = classified.outcome === 'FAILED' ? null : Math.max(0, Math.round(wallMillis() - t0));
    const done = finish(attempt, classified, latency, clock.now(l.row.organizationId));
    attempts.push(done);
    const next =
      fatal === null
        ? failsOver(classified.outcome, classified.code, {
            payment_method: l.row.paymentMethod,
            three_ds_authenticated: threeDsAuthenticated,
            on_generic_decline: l.onGenericDecline,
            generic_decline_failed_over: genericDeclineFailedOver,
            provider_code: classified.providerCode,
            connector: account.connector,
          })
        : false;
    // The deciding attempt's operation is finished with the outcome (AttemptsResult.operation); any other now.
    if (fatal === null && classified.outcome !== 'FAILED' && !next)
      operation = { attempt: done, code: classified.code ?? null };
    else await recordAttemptOperation(db, done, classified.code, clock.now());
    const finished: FinishedAttempt = {
      organizationId: l.row.organizationId,
      account,
      paymentMethod: l.row.paymentMethod,
      outcome: classified.outcome,
      code: classified.code,
      latencyMs: latency,
      probe,
      now: clock.now(),
      correlationId: l.correlationId,
    };
    // The deciding attempt's window entry is written by the outcome's recording and its circuit beside it
    // (AttemptsResult.window and .circuit); any other attempt's both before the next attempt's decision reads them.
    if (operation?.attempt === done) {
      deciderWindow = windowEntryOf(finished);
      deciderCircuit = recordAttemptCircuit(db, finished).catch(() => undefined);
    } else await recordAttemptOutcome(db, finished).catch(() => undefined);
    if (fatal !== null) throw fatal instanceof Error ? fatal : new Error('a provider call failed unexpectedly');
    if (classified.outcome === 'FAILED') failures.push({ provider: candidate.provider, code: classified.code! });
    else deciding = { outcome: answer!, provider: candidate.provider, bankAccount };
    if (!next) break;
    if (classified.outcome === 'REFUSED' && classified.code === 'CARD_DECLINED') genericDeclineFailedOver = true;
  }
  // R6.8 `failed_over`: the next attempt was made because of this outcome.
  for (const [i, a] of attempts.entries()) a.failed_over = i < attempts.length - 1;
  await releasePreclaimed();
  return { attempts, deciding, failures, recorded, operation, window: deciderWindow, circuit: deciderCircuit };
}

function finish(
  attempt: TransactionAttemptJson,
  c: ClassifiedCall,
  latency: number | null,
  now: Date,
): TransactionAttemptJson {
  return {
    ...attempt,
    outcome: c.outcome,
    error: c.error,
    refusal: c.refusal,
    provider_reference: c.providerReference,
    latency_ms: latency,
    finished_at: c.outcome === 'PROCESSING' ? null : now.toISOString(),
  };
}

/** R6.7 / R8.1: every attempt FAILED. Nothing is stored; the same request_id may be retried. */
export const providersUnavailable = (failures: { provider: string; code: string }[]) =>
  new DomainError(
    'INTEGRATION_ERROR',
    'No provider could be reached; nothing was recorded. Retry with the same request_id',
    {
      reason: 'PROVIDERS_UNAVAILABLE',
      attempts: failures,
    },
  );
