import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { inTransaction, type Scenario } from './pg-transaction.js';
import { sql as sqlTag, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.js';
import { recordTransactionStatement } from '../src/modules/transactions/transactions.repo.js';
import { pendingCreditStatement } from '../src/ledger/post-pending-credit.js';
import { approvalPostings } from '../src/modules/transactions/transactions.ledger.js';
import { enqueueMessagesStatement } from '../src/modules/webhooks/messages.repo.js';
import { createApprovalReceivables } from '../src/modules/receivables/receivables.create.js';
import type { Executor } from '../src/db/client.js';

/**
 * (g) card and (h) PIX transaction creates (issue 13) as the platform issues them, statement for statement
 * (merchant variant, organization key, no request_id, approved card / issued PIX, no fee policy), as captured
 * from the driver: five reads (merchant in reach, the organization's status, ACTIVE affiliations, the bank
 * account at the provider, the fee policy), the recording statement (row + recovery job), the provider call
 * (none here), and the outcome transaction (row announced, for a card the approval posted in one statement and its
 * receivables with their settlement job,
 * transaction.created and its webhook message, for PIX its expiry job).
 */

// The platform's own statement builders, compiled per request as the platform does (a mock Drizzle database only
// builds SQL; nothing runs through it).
const mock = drizzle.mock({ schema });
const dialect = new PgDialect();
const compile = (q: SQL) => dialect.sqlToQuery(q);
const run = (c: pg.PoolClient | pg.Pool, q: SQL) => {
  const { sql: text, params } = compile(q);
  return c.query(text, params as unknown[]);
};
const EVENT_INSERT = 'insert into "events" ("id", "type", "version", "source", "company_id", "organization_id", "correlation_id", "payload", "occurred_at", "created_at") values ($1, $2, $3, $4, $5, $6, $7, $8, $9, default) returning "id", "type", "version", "source", "company_id", "organization_id", "correlation_id", "payload", "occurred_at", "created_at"';
const job = (kind: string, id: string, org: string, runAt: Date, now: Date) =>
  mock.insert(schema.jobs).values({ id: randomUUID(), kind, organizationId: org, runAt, payload: { transactionId: id }, dedupeKey: `${kind}:${id}`, status: 'PENDING', attempts: 0, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: schema.jobs.dedupeKey, where: sqlTag`${schema.jobs.dedupeKey} is not null` })
    .returning({ id: schema.jobs.id }).getSQL();

/** An executor that builds the inserts it is given and records their SQL instead of running them (answers []). */
function capturing(list: SQL[]): Executor {
  const wrap = (builder: object): unknown =>
    new Proxy(builder, {
      get(target, prop) {
        if (prop === 'then') return (resolve: (v: unknown[]) => void) => { list.push((target as { getSQL(): SQL }).getSQL()); resolve([]); };
        const value = (target as Record<PropertyKey, unknown>)[prop];
        return typeof value === 'function' ? (...args: unknown[]) => wrap((value as (...a: unknown[]) => object).apply(target, args)) : value;
      },
    });
  return { insert: (table: never) => wrap(mock.insert(table)) } as unknown as Executor;
}

function create(method: 'CREDIT_CARD' | 'PIX'): Scenario {
  return async (pool, p) => {
    const org = p.get('org')!;
    const merchant = p.get('merchant')!;
    const id = randomUUID();
    const now = new Date();
    const amount = 1990;
    await pool.query('select * from companies where (companies.id = $1 and (companies.id = $2 or companies.organization_id = $2)) limit 1', [merchant, org]);
    await pool.query('select id, status from companies where id in ($1)', [org]);
    await pool.query("select provider from affiliations where (company_id = $1 and status = 'ACTIVE') order by created_at asc, id asc", [merchant]);
    const account = (await pool.query("select * from bank_accounts where (company_id = $1 and provider = $2 and status = 'ACTIVE') order by created_at asc, id asc limit 1", [merchant, 'PROVIDER_A'])).rows[0];
    await pool.query('select fee_policies.id, fee_policies.rules from companies inner join companies organization on organization.id = companies.organization_id inner join fee_policies on fee_policies.id = coalesce(companies.fee_policy_id, organization.default_fee_policy_id) where (companies.id = $1 and companies.kind = $2) limit 1', [merchant, 'MERCHANT']);
    const pix = method === 'PIX';
    const cardData = pix ? null : { brand: 'VISA', bin: '411111', last_digits: '1111', expiry_month: '12', expiry_year: '2031', holder_name: 'BENCH', funding: 'CREDIT' as const, wallet: null, stored_card_id: null };
    // The recording: the row and its recovery job, one statement (transactions.repo.ts recordTransactionStatement).
    await run(pool, recordTransactionStatement(mock as never, {
      id, companyId: merchant, organizationId: org, requestId: null, provider: 'PROVIDER_A', paymentMethod: method, status: pix ? 'WAITING_PAYMENT' : 'PROCESSING', amount, currency: 'BRL',
      installments: 1, capture: true, capturedAmount: 0, refundedAmount: 0, pendingRefundAmount: 0, bankAccountId: account.id, fee: null, description: pix ? 'bench' : null,
      statementDescriptor: null, customer: null, cardData, threeDs: null, metadata: null, announced: false, createdAt: now, updatedAt: now,
    }, { kind: 'transaction.recover', runAt: new Date(now.getTime() + 60_000), payload: { transactionId: id }, dedupeKey: `transaction.recover:${id}`, organizationId: org }, now));
    return inTransaction(pool, async (c) => {
      const set = pix
        ? ["status = 'WAITING_PAYMENT', pix = $2, provider_payment_id = 'chg', provider_reference = 'txid'", JSON.stringify({ txid: 'x'.repeat(32), br_code: '0'.repeat(150), qr_code_png_base64: 'A'.repeat(1800), expires_at: now.toISOString(), end_to_end_id: null, paid_at: null, payer: null, late_payment: false })]
        : ["status = 'APPROVED', provider_payment_id = 'pay', provider_reference = 'pay', authorization_code = '123456', authorized_at = $2, captured_at = $2, captured_amount = 1990", now];
      const { rows } = await c.query(`update transactions set ${set[0]}, announced = true, updated_at = now() where (id = $1 and announced = false) returning *`, [id, set[1]]);
      if (!pix) {
        // The approval: one statement (ledger/post-pending-credit.ts).
        const postings = approvalPostings({ provider: 'PROVIDER_A', organizationId: org, bankAccount: { id: account.id, companyId: merchant, organizationId: org }, amount, fee: 0 });
        const bank = postings.find((x) => x.account.type === 'BANK_ACCOUNT')!;
        const posted = await run(c, pendingCreditStatement({ code: 'TRANSACTION_APPROVED', source: { type: 'TRANSACTION', id }, postings, now }, bank, randomUUID()));
        if (posted.rows.length === 0) throw new Error('approval not posted');
        // Its receivables and their settlement job: the platform's own function, its statements captured.
        const captured: SQL[] = [];
        await createApprovalReceivables(capturing(captured), { ...rows[0], id, bankAccountId: account.id, organizationId: org, companyId: merchant, provider: 'PROVIDER_A', paymentMethod: method, installments: 1, capturedAt: now, cardData, fee: null } as never, { amount, fee: 0, now });
        for (const q of captured) await run(c, q);
      }
      const eventId = randomUUID();
      await c.query(EVENT_INSERT, [eventId, 'transaction.created', 1, 'payment-platform', merchant, org, randomUUID(), JSON.stringify(rows[0]), now]);
      await run(c, enqueueMessagesStatement([{ event_id: eventId, organization_id: org, company_id: merchant, type: 'transaction.created', occurred_at: now.toISOString() }]));
      if (pix) {
        // The PIX expiry (an event consumer). The bench runs the platform with SANDBOX_AUTOPILOT=false: no autopilot job.
        await run(c, job('transaction.pix-expiry', id, org, new Date(now.getTime() + 86_400_000), now));
      }
      return rows[0];
    });
  };
}

export const TRANSACTION_BASELINES: Record<string, Scenario> = {
  'card-create': create('CREDIT_CARD'),
  'pix-create': create('PIX'),
};
