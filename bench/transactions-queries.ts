import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { Placeholder } from 'drizzle-orm';
import type { Scenario } from './pg-transaction.js';
import { sandboxClaim } from './sandbox-claim.js';
import { dialect, mock, recordEventsSql, runSql } from './same-sql.js';
import { inTransaction } from './pg-transaction.js';
import { TransactionBatcher } from '../src/db/batcher.js';
import { jobsInsert, type NewJob } from '../src/jobs/queue.js';
import { pendingCreditsStatement } from '../src/ledger/post-pending-credits.js';
import { approvalReceivables } from '../src/modules/receivables/receivables.create.js';
import { receivablesAndJobsStatement } from '../src/modules/payments/shared/transactions.ledger.js';
import {
  announceRowsStatement,
  approvalOf,
  fullRow,
  recordTransactionsStatement,
  type RecordItem,
} from '../src/modules/payments/create/transactions.batch.js';
import {
  CREATE_READS_STATEMENT,
  createReadsSelect,
  readKeyParams,
  type ReadKey,
} from '../src/modules/payments/create/transactions.reads.js';
import type { NewTransactionRow, TransactionRow } from '../src/db/schema/index.js';
import { attemptOperationRow, recordAttemptOperationsStatement } from '../src/modules/routing/index.js';
import { drawQr, openSealedCard } from './baseline-work.js';

/**
 * (g) card and (h) PIX transaction creates (issue 13) as the platform issues them, statement for statement
 * (merchant variant, organization key, no request_id, approved card / issued PIX, no fee policy), compiled from
 * the platform's own builders, AND grouped as the platform groups them (transactions.batch.ts): the same
 * TransactionBatcher, the same lanes (the organization), the same set-based statements per batch:
 * - per batch of creates reading at once: the one read statement (named, prepared: company in reach, caller's
 *   status, affiliations, bank accounts, fee policy; one lane);
 * - per batch of recordings: one statement (rows + recovery jobs + the first attempts' provider operations), autocommit;
 * - the provider call: the sandbox provider's record of it (bench/sandbox-claim.ts: one claim statement per
 *   batch of calls, as the platform's sandbox makes it);
 * - per batch of outcomes, one transaction: rows announced (recovery jobs closed) with the attempts' operations finished (one statement), for cards the approvals
 *   posted (one ledger statement), their receivables and settlement jobs (one statement);
 *   transaction.created (one insert, returning id and created_at) and its webhook messages (one named statement);
 *   for PIX the expiry jobs (one insert).
 */

const run = runSql;
const reads = createReadsSelect(mock).toSQL();

interface Outcome {
  row: TransactionRow;
  pix: boolean;
  /** The first attempt's provider operation (claimed with the row), finished with the outcome. */
  attemptId: string;
}

function batchers(pool: pg.Pool) {
  // The reads of concurrent creates, one named statement per batch (one lane), as the platform reads them.
  const read = new TransactionBatcher<ReadKey, Record<string, any> | undefined>(
    null as never,
    async (_db: unknown, keys: ReadKey[]) => {
      const values: Record<string, unknown> = readKeyParams(keys);
      const params = reads.params.map((v) => (v instanceof Placeholder ? values[v.name] : v));
      const rows = (await pool.query({ name: CREATE_READS_STATEMENT, text: reads.sql, values: params })).rows;
      const byN = new Map(rows.map((r: Record<string, any>) => [Number(r.n), r]));
      return keys.map((_, i) => ({ ok: true as const, value: byN.get(i + 1) }));
    },
    { mode: 'statement' },
  );
  const record = new TransactionBatcher<RecordItem, TransactionRow>(
    null as never,
    async (_db: unknown, items: RecordItem[]) => {
      await run(pool, recordTransactionsStatement(items));
      return items.map((i) => ({ ok: true as const, value: fullRow(i.row) }));
    },
    { mode: 'statement' },
  );
  const fakeDb = { transaction: (fn: (c: pg.PoolClient) => Promise<unknown>) => inTransaction(pool, fn) };
  const outcome = new TransactionBatcher<Outcome, TransactionRow>(
    fakeDb as never,
    (async (c: pg.PoolClient, items: Outcome[]) => {
      const now = new Date();
      const rows = items.map((i): TransactionRow => ({
        ...i.row,
        ...(i.pix
          ? {
              status: 'WAITING_PAYMENT',
              pix: {
                txid: 'x'.repeat(32),
                br_code: '0'.repeat(150),
                qr_code_png_base64: 'A'.repeat(1800),
                expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
                end_to_end_id: null,
                paid_at: null,
                payer: null,
                late_payment: false,
              },
              providerPaymentId: 'chg',
              providerReference: 'txid',
            }
          : {
              status: 'APPROVED',
              providerPaymentId: 'pay',
              providerReference: 'pay',
              authorizationCode: '123456',
              authorizedAt: now,
              capturedAt: now,
              capturedAmount: i.row.amount,
            }),
        announced: true,
        updatedAt: now,
      }));
      // The deciding attempts' operations finished (recordAttemptOperations) by the announce statement, as the
      // platform's outcome does.
      const operations = recordAttemptOperationsStatement(
        items.map((i) => ({
          attempt: {
            id: i.attemptId,
            outcome: i.pix ? 'WAITING_PAYMENT' : 'APPROVED',
            error: null,
            refusal: null,
            provider_reference: i.row.id,
          },
          code: null,
        })),
        now,
      );
      const updated = await run(c, announceRowsStatement(rows, now, [operations]));
      if (updated.rows.length !== rows.length) throw new Error('not announced');
      const approved = rows.filter((r) => r.status === 'APPROVED');
      const jobs: NewJob[] = [];
      if (approved.length > 0) {
        const approvals = approved.map((r) => approvalOf(r, now));
        const items2 = approvals.map((a) => ({
          input: a.ledger,
          bank: a.ledger.postings.find((p) => p.account.type === 'BANK_ACCOUNT')!,
          id: randomUUID(),
        }));
        if ((await run(c, pendingCreditsStatement(items2))).rows.length === 0) throw new Error('approvals not posted');
        const receivableRows = approved.flatMap((r, k) => {
          const planned = approvalReceivables(r, { amount: approvals[k]!.amount, fee: approvals[k]!.fee, now }, null);
          jobs.push(...planned.jobs);
          return planned.rows;
        });
        // The receivables and the jobs in one statement, as the platform's outcome writes them.
        await run(c, receivablesAndJobsStatement(receivableRows, jobs, now)!);
      }
      // transaction.created: the outbox's insert (recordEvents) and the webhook consumer's.
      await recordEventsSql(
        c,
        'transaction.created',
        rows.map((r) => ({ companyId: r.companyId, organizationId: r.organizationId, payload: r })),
        now,
      );
      const expiries = rows
        .filter((r) => r.pix)
        .map((r) => ({
          kind: 'transaction.pix-expiry',
          runAt: new Date(r.pix!.expires_at),
          payload: { transactionId: r.id },
          dedupeKey: `transaction.pix-expiry:${r.id}`,
          organizationId: r.organizationId,
        }));
      // The expiry scheduler (an event consumer): enqueueJobs.
      if (expiries.length > 0) {
        const q = dialect.sqlToQuery(jobsInsert(expiries.map((job) => ({ job, now }))));
        await c.query(`${q.sql} returning id`, q.params);
      }
      return rows.map((value) => ({ ok: true, value }));
    }) as never,
  );
  return { read, record, outcome };
}

let grouped: ReturnType<typeof batchers> | undefined;

function create(method: 'CREDIT_CARD' | 'PIX'): Scenario {
  return async (pool, p) => {
    grouped ??= batchers(pool);
    const org = p.get('org')!;
    const merchant = p.get('merchant')!;
    const id = randomUUID();
    const now = new Date();
    const found = (await grouped.read.run('reads', { id: merchant, kind: 'organization', caller: org, org }))!;
    const account = found.active_accounts.find((a: { provider: string }) => a.provider === 'PROVIDER_A');
    const pix = method === 'PIX';
    // ?work=1: the create's required CPU outside SQL too (bench/baseline-work.ts).
    if (p.get('work') === '1') {
      if (pix) drawQr(id);
      else openSealedCard();
    }
    const cardData = pix
      ? null
      : {
          brand: 'VISA',
          bin: '411111',
          last_digits: '1111',
          expiry_month: '12',
          expiry_year: '2031',
          holder_name: 'BENCH',
          funding: 'CREDIT' as const,
          wallet: null,
          stored_card_id: null,
        };
    const row: NewTransactionRow = {
      id,
      companyId: merchant,
      organizationId: org,
      requestId: null,
      provider: 'PROVIDER_A',
      paymentMethod: method,
      status: pix ? 'WAITING_PAYMENT' : 'PROCESSING',
      amount: 1990,
      currency: 'BRL',
      installments: 1,
      capture: true,
      capturedAmount: 0,
      refundedAmount: 0,
      pendingRefundAmount: 0,
      bankAccountId: account.id,
      fee: null,
      description: pix ? 'bench' : null,
      statementDescriptor: null,
      customer: null,
      cardData,
      threeDs: null,
      metadata: null,
      announced: false,
      createdAt: now,
      updatedAt: now,
    };
    const recoverJob = {
      kind: 'transaction.recover',
      runAt: new Date(now.getTime() + 60_000),
      payload: { transactionId: id },
      dedupeKey: `transaction.recover:${id}`,
      organizationId: org,
    };
    // The first attempt's provider operation, claimed in the recording's statement (R6.8), as the platform claims it.
    const attemptId = randomUUID();
    const operation = attemptOperationRow(
      row,
      { id: attemptId, number: 1, provider: 'PROVIDER_A', provider_account_id: null },
      now,
    );
    const recorded = await grouped.record.run(org, { row, recoverJob, now, operation });
    await sandboxClaim(
      pool,
      pix
        ? {
            provider: 'PROVIDER_A',
            kind: 'pix-charge',
            key: id,
            value: {
              providerChargeId: `provider_a_chg_${id.slice(0, 24)}`,
              txid: 'x'.repeat(32),
              location: `pix.sandbox.provider-a.example/qr/v2/${'x'.repeat(32)}`,
              status: 'WAITING_PAYMENT',
              paidAt: null,
              endToEndId: null,
              payer: null,
            },
          }
        : {
            provider: 'PROVIDER_A',
            kind: 'card-payment',
            key: id,
            value: {
              result: {
                providerPaymentId: `provider_a_pay_${id.slice(0, 24)}`,
                authorizedAmount: 1990,
                capturedAmount: 1990,
                authorizationCode: '123456',
                status: 'CAPTURED',
                refusal: null,
              },
              behaviour: null,
              amount: 1990,
              capture: true,
            },
          },
    );
    return grouped.outcome.run(org, { row: recorded, pix, attemptId });
  };
}

export const TRANSACTION_BASELINES: Record<string, Scenario> = {
  'card-create': create('CREDIT_CARD'),
  'pix-create': create('PIX'),
};
