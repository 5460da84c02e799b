import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/**
 * (g) card and (h) PIX transaction creates (issue 13) as the platform issues them, statement for statement
 * (merchant variant, organization key, no request_id, approved card / issued PIX, no fee policy): four reads
 * (merchant in reach, the organization's status, ACTIVE affiliations, the bank account at the provider), the
 * recording transaction (row + recovery job), the provider call (none here), and the outcome transaction (row
 * announced, the approval posted for a card, transaction.created and its webhook message).
 */
type Scenario = (pool: pg.Pool, params: URLSearchParams) => Promise<unknown>;

async function inTransaction<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('begin');
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback');
    throw err;
  } finally {
    c.release();
  }
}

const INSERT_TX = `insert into transactions (id, company_id, organization_id, request_id, provider, payment_method, status, amount, currency, installments, capture,
  captured_amount, refunded_amount, pending_refund_amount, bank_account_id, fee, description, statement_descriptor, customer, card_data, three_ds, pix, refusal,
  cancel_reason, authorization_code, provider_reference, provider_payment_id, authorized_at, captured_at, canceled_at, expired_at, metadata, announced, created_at, updated_at)
  values ($1, $2, $3, null, 'PROVIDER_A', $4, $5, $6, 'BRL', 1, true, 0, 0, 0, $7, null, null, null, null, $8, null, null, null, null, null, null, null, null, null, null, null, null, false, $9, $9) returning *`;

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
    const card = method === 'PIX' ? null : JSON.stringify({ brand: 'VISA', bin: '411111', last_digits: '1111', expiry_month: '12', expiry_year: '2031', holder_name: 'BENCH', funding: 'CREDIT', wallet: null, stored_card_id: null });
    await inTransaction(pool, async (c) => {
      await c.query(INSERT_TX, [id, merchant, org, method, method === 'PIX' ? 'WAITING_PAYMENT' : 'PROCESSING', amount, account.id, card, now]);
      await c.query("insert into jobs (id, kind, organization_id, run_at, payload, dedupe_key, status, attempts, created_at, updated_at) values ($1, 'transaction.recover', $2, $3, $4, $5, 'PENDING', 0, $6, $6) on conflict (dedupe_key) where dedupe_key is not null do nothing returning id", [randomUUID(), org, new Date(now.getTime() + 60_000), JSON.stringify({ transactionId: id }), `transaction.recover:${id}`, now]);
    });
    return inTransaction(pool, async (c) => {
      const set = method === 'PIX'
        ? ["status = 'WAITING_PAYMENT', pix = $2, provider_payment_id = 'chg', provider_reference = 'txid'", JSON.stringify({ txid: 'x'.repeat(32), br_code: '0'.repeat(150), qr_code_png_base64: 'A'.repeat(1800), expires_at: now.toISOString(), end_to_end_id: null, paid_at: null, payer: null, late_payment: false })]
        : ["status = 'APPROVED', provider_payment_id = 'pay', provider_reference = 'pay', authorization_code = '123456', authorized_at = $2, captured_at = $2, captured_amount = 1990", now];
      const { rows } = await c.query(`update transactions set ${set[0]}, announced = true, updated_at = now() where (id = $1 and announced = false) returning *`, [id, set[1]]);
      if (method !== 'PIX') {
        const ledgerTx = randomUUID();
        await c.query('insert into ledger_transactions (id, idem_key, code, source_type, source_id, created_at) values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id', [ledgerTx, `TRANSACTION_APPROVED:TRANSACTION:${id}`, 'TRANSACTION_APPROVED', 'TRANSACTION', id, now]);
        const acc = (await c.query('select * from ledger_accounts where id in ($1) order by id asc for update', [account.id])).rows[0];
        await c.query('update ledger_accounts set pending = $1, available = $2, held = $3, debt = $4, last_sequence = $5, updated_at = $6 where id = $7', [Number(acc.pending) + amount, acc.available, acc.held, acc.debt, Number(acc.last_sequence) + 1, now, account.id]);
        await c.query(`insert into ledger_postings (id, transaction_id, direction, amount, code, source_type, source_id, created_at, account_type, account_id, provider, company_id, balance_type, delta, sequence, resulting_balance)
          values ($1, $2, 'DEBIT', $3, 'TRANSACTION_APPROVED', 'TRANSACTION', $4, $5, 'CLEARING', 'PROVIDER_A', 'PROVIDER_A', null, 'CLEARING', $3, null, null),
                 ($6, $2, 'CREDIT', $3, 'TRANSACTION_APPROVED', 'TRANSACTION', $4, $5, 'BANK_ACCOUNT', $7, 'PROVIDER_A', $8, 'PENDING', $3, $9, $10)`,
          [randomUUID(), ledgerTx, amount, id, now, randomUUID(), account.id, merchant, Number(acc.last_sequence) + 1, Number(acc.pending) + amount]);
      }
      const eventId = randomUUID();
      await c.query('insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *', [eventId, 'transaction.created', 1, 'payment-platform', merchant, org, randomUUID(), JSON.stringify(rows[0]), now]);
      await c.query(`insert into webhook_messages (event_id, organization_id, company_id, type, status, attempt_count, next_attempt_at, created_at)
        select $1, $2, $3, $4, 'PENDING', 0, now(), $5::timestamptz from companies c join webhook_endpoints w on w.organization_id = $6 where c.id = $7 and c.webhook_enabled`, [eventId, org, merchant, 'transaction.created', now, org, merchant]);
      return rows[0];
    });
  };
}

export const TRANSACTION_BASELINES: Record<string, Scenario> = {
  'card-create': create('CREDIT_CARD'),
  'pix-create': create('PIX'),
};
