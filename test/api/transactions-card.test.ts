import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { eventually } from '../helpers/poll.js';
import { encryptFor, storedCardInput } from '../helpers/cards.js';
import { cardData, cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { bankAccounts, companies, jobs, ledgerAccounts, transactions } from '../../src/db/schema/index.js';
import { transactionDeps } from '../../src/modules/payments/shared/transactions.context.js';
import { transactionJobs } from '../../src/modules/payments/create/transactions.jobs.js';
import { TRANSACTION_SYNC_JOB } from '../../src/modules/payments/create/transactions.outcome.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';

let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => t?.close());

const pendingOf = async (companyId: string) => {
  const [account] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId));
  if (!account) return undefined;
  const [row] = await t.db.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account.id));
  return row?.pending;
};
const noCardValues = (text: string) => {
  expect(text).not.toContain('4111111111111111');
  expect(text).not.toMatch(/ev:v1:/);
};

describe('card transactions', () => {
  it('approves a card (capture by default): the view, the ledger posting, transaction.created', async () => {
    const { org, merchant } = await payingMerchant(t);
    const res = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', {
        installments: 3,
        description: 'Pedido 1',
        statement_descriptor: 'LOJA*1',
        metadata: { order: 'A-1' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const tx = res.json();
    expect(tx).toMatchObject({
      company_id: merchant.id,
      provider: 'PROVIDER_A',
      payment_method: 'CREDIT_CARD',
      status: 'APPROVED',
      amount: 10_000,
      currency: 'BRL',
      installments: 3,
      capture: true,
      captured_amount: 10_000,
      refunded_amount: 0,
      pending_refund_amount: 0,
      refundable_amount: 10_000,
      fee: null,
      description: 'Pedido 1',
      statement_descriptor: 'LOJA*1',
      card_data: {
        brand: 'VISA',
        bin: '411111',
        last_digits: '1111',
        expiry_month: '12',
        holder_name: 'MARIA SILVA',
        funding: 'CREDIT',
        wallet: null,
        stored_card_id: null,
      },
      three_ds: null,
      pix: null,
      refusal: null,
      cancel_reason: null,
      metadata: { order: 'A-1' },
      request_id: null,
    });
    expect(tx.authorized_at).toBeTruthy();
    expect(tx.captured_at).toBeTruthy();
    expect(tx.authorization_code).toMatch(/^\d{6}$/);
    noCardValues(res.body);
    expect(await pendingOf(merchant.id)).toBe(10_000);
    const created = await eventsOf(t, merchant.id, 'transaction.created');
    expect(created).toHaveLength(1);
    expect(created[0].payload).toEqual({ ...tx, bank_account_id: expect.any(String), sequence: expect.any(Number) });
    expect(created[0].organizationId).toBe(org.id);
    const get = await t.request({ method: 'GET', url: `/core/v1/transactions/${tx.id}`, key: org.apiKey });
    expect(get.json()).toEqual(tx);
    await expectLedgerInvariants(t.db.db);
  });

  it('authorizes only with capture: false (nothing booked); refuses the decline cards with P11 codes', async () => {
    const { merchant } = await payingMerchant(t);
    const auth = (
      await createTx(t, merchant.apiKey, await cardPayment(t, '5555555555554444', { capture: false }))
    ).json();
    expect(auth).toMatchObject({
      status: 'AUTHORIZED',
      capture: false,
      captured_amount: 0,
      refundable_amount: 0,
      captured_at: null,
      card_data: { brand: 'MASTERCARD' },
    });
    expect(auth.authorized_at).toBeTruthy();
    const declined = await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000002'));
    expect(declined.statusCode).toBe(201);
    expect(declined.json()).toMatchObject({
      status: 'REFUSED',
      refusal: { code: 'CARD_DECLINED', retryable: false },
      authorized_at: null,
      captured_amount: 0,
    });
    const funds = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000009995'))).json();
    expect(funds.refusal).toMatchObject({ code: 'INSUFFICIENT_FUNDS', retryable: false });
    expect(typeof funds.refusal.message).toBe('string');
    expect(await pendingOf(merchant.id)).toBe(0);
    await expectLedgerInvariants(t.db.db);
  });

  it('leaves a delayed sandbox card PROCESSING without autopilot (the settle control moves it)', async () => {
    const { merchant } = await payingMerchant(t);
    const res = (await createTx(t, merchant.apiKey, await cardPayment(t, '4000000000000036'))).json();
    expect(res).toMatchObject({ status: 'PROCESSING', refusal: null, authorized_at: null });
  });

  it('a provider timeout leaves the transaction PROCESSING and the sync job settles it, booked once', async () => {
    const { merchant } = await payingMerchant(t);
    sandbox.faults.inject('card.authorize', { kind: 'unknown_outcome' });
    const res = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { request_id: 'timeout-1' }),
    );
    expect(res.statusCode).toBe(201);
    const tx = res.json();
    expect(tx.status).toBe('PROCESSING');
    // The sync job is scheduled; it is run here at once, by this app (on a shared PostgreSQL another test file's
    // runner may claim it first, and its sandbox knows nothing of this payment: it asks again later).
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${TRANSACTION_SYNC_JOB}:${tx.id}`));
    expect(job).toBeTruthy();
    const sync = transactionJobs(transactionDeps(t.deps))[TRANSACTION_SYNC_JOB];
    await (typeof sync === 'function' ? sync : sync.handler)(job);
    const done = await eventually(
      () =>
        t.request({ method: 'GET', url: `/core/v1/transactions/${tx.id}`, key: merchant.apiKey }).then((r) => r.json()),
      (v) => v.status !== 'PROCESSING',
      'the sync',
      15_000,
      200,
    );
    expect(done).toMatchObject({ status: 'APPROVED', captured_amount: 10_000 });
    expect(done.authorized_at).toBeTruthy();
    const moves = await eventsOf(t, merchant.id, 'transaction.status-changed');
    expect(moves.map((e) => e.payload)).toEqual([
      {
        transaction_id: tx.id,
        old_status: 'PROCESSING',
        new_status: 'APPROVED',
        refund_id: null,
        reason: null,
        bank_account_id: expect.any(String),
        sequence: expect.any(Number),
      },
    ]);
    // The provider knows the payment by its attempt's id (providers.md R6.8).
    expect(sandbox.faults.calls('card.authorize', done.attempts[0].id)).toBe(1);
    expect(await pendingOf(merchant.id)).toBe(10_000);
    // The same request_id replays the transaction as it is now.
    const again = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { request_id: 'timeout-1' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: tx.id, status: 'APPROVED' });
    await expectLedgerInvariants(t.db.db);
  });

  it('answers 502 when the provider is unavailable, storing nothing; the same request_id then succeeds', async () => {
    const { merchant } = await payingMerchant(t);
    sandbox.faults.inject('card.authorize', { kind: 'unavailable' });
    const body = await cardPayment(t, '4111111111111111', { request_id: 'down-1' });
    const res = await createTx(t, merchant.apiKey, body);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('INTEGRATION_ERROR');
    expect(await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchant.id))).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/transactions', key: merchant.apiKey })).json().data,
    ).toEqual([]);
    expect(await eventsOf(t, merchant.id, 'transaction.created')).toEqual([]);
    const retry = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { request_id: 'down-1' }),
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().status).toBe('APPROVED');
    await expectLedgerInvariants(t.db.db);
  });

  it('replays a request_id with freshly encrypted values; a different body is a 409; a decline replays REFUSED', async () => {
    const { merchant } = await payingMerchant(t);
    const first = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { request_id: 'r-1' }));
    expect(first.statusCode).toBe(201);
    const replay = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { request_id: 'r-1' }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { request_id: 'r-1', amount: 5 }),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.details).toMatchObject({ field: 'request_id', value: 'r-1' });
    const declined = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4000000000000002', { request_id: 'r-2' }),
    );
    const declinedAgain = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4000000000000002', { request_id: 'r-2' }),
    );
    expect(declinedAgain.statusCode).toBe(200);
    expect(declinedAgain.json()).toMatchObject({ id: declined.json().id, status: 'REFUSED' });
    expect(await eventsOf(t, merchant.id, 'transaction.created')).toHaveLength(2);
  });

  it('concurrent duplicates of one request_id make one transaction and one authorization', async () => {
    const { merchant } = await payingMerchant(t);
    const bodies = await Promise.all(
      Array.from({ length: 5 }, () => cardPayment(t, '4111111111111111', { request_id: 'dup-1' })),
    );
    const answers = await Promise.all(bodies.map((b) => createTx(t, merchant.apiKey, b)));
    const ok = answers.filter((a) => a.statusCode === 201 || a.statusCode === 200);
    expect(answers.every((a) => [200, 201, 409].includes(a.statusCode))).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(new Set(ok.map((a) => a.json().id)).size).toBe(1);
    expect(ok[0].json().attempts).toHaveLength(1);
    expect(sandbox.faults.calls('card.authorize', ok[0].json().attempts[0].id)).toBe(1);
    expect(await eventsOf(t, merchant.id, 'transaction.created')).toHaveLength(1);
    expect(await pendingOf(merchant.id)).toBe(10_000);
    await expectLedgerInvariants(t.db.db);
  });

  it('the merchant variant: an organization for its merchant, a merchant for itself; another tenant gets 404', async () => {
    const { org, merchant } = await payingMerchant(t);
    const byOrg = await createTx(t, org.apiKey, await cardPayment(t), merchant.id);
    expect(byOrg.statusCode).toBe(201);
    expect(byOrg.json().company_id).toBe(merchant.id);
    const bySelf = await createTx(t, merchant.apiKey, await cardPayment(t), merchant.id);
    expect(bySelf.statusCode).toBe(201);
    const stranger = await t.createOrganization();
    expect((await createTx(t, stranger.apiKey, await cardPayment(t), merchant.id)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${byOrg.json().id}`, key: stranger.apiKey }))
        .statusCode,
    ).toBe(404);
    const sibling = await t.createMerchant(org.apiKey);
    expect((await createTx(t, sibling.apiKey, await cardPayment(t), merchant.id)).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/transactions/${byOrg.json().id}`, key: sibling.apiKey }))
        .statusCode,
    ).toBe(404);
  });

  it('pays with a stored card (card_id, cvv only), refusing a foreign or closed card', async () => {
    const { org, merchant } = await payingMerchant(t);
    const stored = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${merchant.id}/cards`,
      key: org.apiKey,
      payload: { card: await storedCardInput(t, '5555555555554444') },
    });
    expect(stored.statusCode).toBe(201);
    const cardId = stored.json().id;
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 700,
      card_id: cardId,
      card_data: { cvv: await encryptFor(t, '321', 'cvv') },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      card_data: { brand: 'MASTERCARD', last_digits: '4444', stored_card_id: cardId },
    });
    const other = await payingMerchant(t);
    expect(
      (await createTx(t, other.merchant.apiKey, { payment_method: 'CREDIT_CARD', amount: 700, card_id: cardId }))
        .statusCode,
    ).toBe(404);
    await t.request({ method: 'DELETE', url: `/core/v1/merchants/${merchant.id}/cards/${cardId}`, key: org.apiKey });
    const closed = await createTx(t, merchant.apiKey, { payment_method: 'CREDIT_CARD', amount: 700, card_id: cardId });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.details).toMatchObject({ field: 'card_id', value: 'CLOSED' });
  });

  it('pays with a wallet network token and cryptogram', async () => {
    const { merchant } = await payingMerchant(t);
    const token = '4111111111111111';
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 1500,
      card_data: {
        network_token: await encryptFor(t, token, 'ntk'),
        cryptogram: await encryptFor(t, 'AAABBBCCCDDDEEEFFFGGGHHHIII=', 'cry'),
        eci: '05',
        wallet: 'APPLE_PAY',
        bin: '411111',
        last_digits: '1111',
        expiry_month: '11',
        expiry_year: '2031',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      card_data: { wallet: 'APPLE_PAY', brand: 'VISA', holder_name: null },
    });
    noCardValues(res.body);
  });

  it('external 3DS: N and R are REFUSED AUTHENTICATION_FAILED without a provider call; Y is approved with its result', async () => {
    const { merchant } = await payingMerchant(t);
    const external = (trans_status: string) => ({
      version: '2.2.0',
      eci: '05',
      authentication_value: 'AAACBllleHchZTBWIGV4AAAAAAA=',
      ds_transaction_id: '8f6c1a0e-2b4d-4c9e-9a3b-6f0d5e7c1a2b',
      trans_status,
    });
    const before = sandbox.faults.calls('card.authorize');
    const refused = await createTx(t, merchant.apiKey, {
      ...(await cardPayment(t, '4111111111111111', { payment_method: 'DEBIT_CARD' })),
      three_ds: { external: external('N') },
    });
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toMatchObject({
      status: 'REFUSED',
      refusal: { code: 'AUTHENTICATION_FAILED', retryable: false },
      three_ds: { source: 'EXTERNAL', trans_status: 'N', liability_shift: false, session_id: null },
    });
    expect(
      (await createTx(t, merchant.apiKey, { ...(await cardPayment(t)), three_ds: { external: external('R') } })).json()
        .status,
    ).toBe('REFUSED');
    expect(sandbox.faults.calls('card.authorize')).toBe(before);
    const ok = await createTx(t, merchant.apiKey, {
      ...(await cardPayment(t, '4111111111111111', { payment_method: 'DEBIT_CARD' })),
      three_ds: { external: external('Y') },
    });
    expect(ok.json()).toMatchObject({
      status: 'APPROVED',
      payment_method: 'DEBIT_CARD',
      card_data: { funding: 'DEBIT' },
      three_ds: { source: 'EXTERNAL', version: '2.2.0', eci: '05', trans_status: 'Y', liability_shift: true },
    });
    expect(ok.body).not.toContain('AAACBllleHchZTBWIGV4AAAAAAA=');
  });

  it('a value that does not decrypt is DECRYPTION_FAILED without value and stores nothing; bin must match the number', async () => {
    const { merchant } = await payingMerchant(t);
    const good = await encryptFor(t, '4111111111111111', 'pan');
    const parts = good.split(':');
    const ct = parts[6];
    parts[6] = (ct[0] === 'A' ? 'B' : 'A') + ct.slice(1);
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: await cardData(t, '4111111111111111', { number: parts.join(':') }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([
      { field: 'card_data.number', type: 'DECRYPTION_FAILED', message: expect.any(String) },
    ]);
    const unknownKid = good.replace(/^ev:v1:[a-z0-9_]+:/, 'ev:v1:sbx_unknownkid:');
    const kid = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: await cardData(t, '4111111111111111', { number: unknownKid }),
    });
    expect(kid.statusCode).toBe(400);
    expect(kid.json().error.details.issues[0]).toMatchObject({ field: 'card_data.number', type: 'DECRYPTION_FAILED' });
    const bin = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: await cardData(t, '4111111111111111', { bin: '555555' }),
    });
    expect(bin.statusCode).toBe(400);
    expect(bin.json().error.details.issues[0]).toMatchObject({ field: 'card_data.bin', type: 'INVALID_FORMAT' });
    expect(await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchant.id))).toEqual([]);
  });

  it('preconditions: an inactive company, a provider without affiliation, none at all, an unknown 3DS session', async () => {
    const org = await t.createOrganization();
    const pending = await t.createMerchant(org.apiKey);
    const notActive = await createTx(t, pending.apiKey, await cardPayment(t));
    expect(notActive.statusCode).toBe(409);
    expect(notActive.json().error.details).toEqual({
      field: 'company',
      value: pending.body.status,
      reason: 'COMPANY_NOT_ACTIVE',
    });
    await t.db.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, pending.id));
    const none = await createTx(t, pending.apiKey, await cardPayment(t));
    expect(none.statusCode).toBe(409);
    expect(none.json().error.details).toMatchObject({ field: 'provider', value: null });
    const { merchant } = await payingMerchant(t, ['PROVIDER_B']);
    const wrong = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { provider: 'PROVIDER_A' }),
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.details).toMatchObject({ field: 'provider', value: 'PROVIDER_A' });
    const chosen = await createTx(t, merchant.apiKey, await cardPayment(t));
    expect(chosen.json().provider).toBe('PROVIDER_B');
    const session = await createTx(t, merchant.apiKey, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      three_ds: { session_id: '0b9d2a51-6a6e-4f0e-8a55-3f1d2c7b9e10' },
    });
    expect(session.statusCode).toBe(404);
    await expectLedgerInvariants(t.db.db);
  });
});
