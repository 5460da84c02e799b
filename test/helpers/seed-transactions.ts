import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { events, transactions, type TransactionRow } from '../../src/db/schema/index.js';
import { recordEvent } from '../../src/events/outbox.js';
import { moveTransaction } from '../../src/modules/payments/shared/transactions.moves.js';
import { toTransactionView } from '../../src/modules/payments/shared/transactions.view.js';
import { payPix } from '../../src/modules/payments/capture-cancel/operations.service.js';
import type { TestApp } from './app.js';

/**
 * Transactions for the tests of what happens after one exists (capture, cancel, refunds, controls): the row
 * is recorded as the create flow would (the provider asked first under the transaction id, so the sandbox
 * knows the card; `transaction.created`; then the move to the wanted status through the transition table,
 * which posts the approval to the ledger).
 */
export interface Merchant {
  id: string;
  organizationId: string;
  apiKey: string;
  bankAccountId: string;
}

export async function merchantWithAccount(
  t: TestApp,
  existing?: { id: string; apiKey: string },
): Promise<Merchant & { orgKey: string }> {
  const org = existing ?? (await t.createOrganization());
  const m = await t.createMerchant(org.apiKey);
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/bank-accounts',
    key: org.apiKey,
    payload: { provider: 'PROVIDER_A', company_id: m.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: m.id, organizationId: org.id, apiKey: m.apiKey, bankAccountId: res.json().id, orgKey: org.apiKey };
}

export interface SeedOptions {
  method?: 'CREDIT_CARD' | 'PIX';
  status: 'APPROVED' | 'AUTHORIZED' | 'PROCESSING' | 'WAITING_PAYMENT';
  amount?: number;
  fee?: number;
  /** Card installments (default 1). */
  installments?: number;
  cardNumber?: string;
  /** PIX: seconds until expires_at (default one day). */
  expiresIn?: number;
}

export async function seedTransaction(t: TestApp, m: Merchant, o: SeedOptions): Promise<TransactionRow> {
  const id = randomUUID();
  const method = o.method ?? (o.status === 'WAITING_PAYMENT' ? 'PIX' : 'CREDIT_CARD');
  const amount = o.amount ?? 10_000;
  const db = t.db.db;
  const now = t.deps.clock.now(m.organizationId);
  const providers = t.deps.providers;
  let pix: TransactionRow['pix'] = null;
  if (method === 'PIX') {
    const expiresAt = new Date(now.getTime() + (o.expiresIn ?? 86_400) * 1000);
    const charge = await providers.require(
      'PROVIDER_A',
      'pix.charge',
    )({
      idempotencyKey: id,
      amount,
      expiresAt,
      receiver: { name: 'Loja', city: 'Sao Paulo', account: { branch: '0001', accountNumber: '1' } },
    });
    pix = {
      txid: charge.txid,
      br_code: '000201',
      qr_code_png_base64: '',
      expires_at: expiresAt.toISOString(),
      end_to_end_id: null,
      paid_at: null,
      payer: null,
      late_payment: false,
    };
  } else {
    await providers.require(
      'PROVIDER_A',
      'card.authorize',
    )({
      idempotencyKey: id,
      amount,
      currency: 'BRL',
      installments: o.installments ?? 1,
      capture: o.status === 'APPROVED',
      card: {
        number: o.cardNumber ?? '4111111111111111',
        expiryMonth: '12',
        expiryYear: '2035',
        holderName: 'Test Holder',
      },
    });
  }
  const initial = method === 'PIX' ? 'WAITING_PAYMENT' : o.status === 'PROCESSING' ? 'PROCESSING' : 'PROCESSING';
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(transactions)
      .values({
        id,
        companyId: m.id,
        organizationId: m.organizationId,
        requestId: null,
        provider: 'PROVIDER_A',
        paymentMethod: method,
        status: initial,
        amount,
        currency: 'BRL',
        installments: method === 'PIX' ? 1 : (o.installments ?? 1),
        capture: o.status !== 'AUTHORIZED',
        capturedAmount: 0,
        refundedAmount: 0,
        pendingRefundAmount: 0,
        bankAccountId: m.bankAccountId,
        fee: o.fee ? { fee_policy_id: randomUUID(), rule_id: null, amount: o.fee } : null,
        cardData:
          method === 'PIX'
            ? null
            : {
                brand: 'VISA',
                bin: (o.cardNumber ?? '4111111111111111').slice(0, 6),
                last_digits: (o.cardNumber ?? '4111111111111111').slice(-4),
                expiry_month: '12',
                expiry_year: '2035',
                holder_name: 'Test Holder',
                funding: 'CREDIT',
                wallet: null,
                stored_card_id: null,
              },
        pix,
        announced: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordEvent(
      tx,
      {
        type: 'transaction.created',
        companyId: m.id,
        organizationId: m.organizationId,
        correlationId: id,
        payload: { ...toTransactionView(inserted), bank_account_id: inserted.bankAccountId, sequence: null },
      },
      now,
    );
    if (method !== 'PIX' && (o.status === 'APPROVED' || o.status === 'AUTHORIZED'))
      return moveTransaction(tx, inserted, o.status, { kind: 'move' }, now);
    return inserted;
  });
  if (method === 'PIX' && o.status === 'APPROVED')
    return payPix(t.deps.db.db === db ? { db, clock: t.deps.clock } : { db, clock: t.deps.clock }, id, null);
  return row;
}

export const eventsAbout = (t: TestApp, id: string, types: string[]) =>
  t.db.db
    .select()
    .from(events)
    .where(and(inArray(events.type, types), sql`${events.payload}::text like ${`%${id}%`}`))
    .orderBy(events.createdAt, events.id);

export async function transactionRow(t: TestApp, id: string) {
  const [row] = await t.db.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** The transaction as GET returns it (read straight from the row: the reads belong to the create flow's branch). */
export const transactionView = async (t: TestApp, id: string) => toTransactionView(await transactionRow(t, id));
