import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { hold } from '../../src/ledger/ledger.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsAbout, seedTransaction } from '../helpers/seed-transactions.js';
import { receivablesKit } from '../helpers/receivables.js';

/** Receivables (money.md M2): creation with the approval, the list's filters, settlement on the organization clock. Sweep, refunds, concurrency: receivables-refunds.test.ts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));
const { setup, get, rowsOf, balance, advanceTo, refund } = receivablesKit(() => t);

describe('receivables created with the approval (M2)', () => {
  it('one installment: the merchant gross - fee, the organization the fee share on its own account', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 100 });
    const list = await get(`/v1/receivables?transaction_id=${tr.id}&sort=created_at`, m.orgKey);
    expect(list.pagination.total).toBe(2);
    const merchant = list.data.find((r: { role: string }) => r.role === 'MERCHANT');
    const org = list.data.find((r: { role: string }) => r.role === 'ORGANIZATION');
    expect(merchant).toMatchObject({
      company_id: m.id,
      bank_account_id: m.bankAccountId,
      provider: 'PROVIDER_A',
      installment: 1,
      installments: 1,
      gross_amount: 10_000,
      fee_amount: 100,
      anticipation_fee_amount: 0,
      net_amount: 9_900,
      status: 'PENDING',
      payment_method: 'CREDIT_CARD',
      card_brand: 'VISA',
      paid_at: null,
      settlement_id: null,
      cancel_reason: null,
    });
    expect(merchant.payment_date).toBe(merchant.original_payment_date);
    expect(org).toMatchObject({
      company_id: m.organizationId,
      bank_account_id: m.orgAccountId,
      gross_amount: 100,
      fee_amount: 0,
      net_amount: 100,
      status: 'PENDING',
    });
    expect((await balance(m)).pending).toBe(9_900);
    // the organization's fee share is its REVENUE (no balance row), shown as its account's pending (issue 24, M3)
    expect((await balance(m, m.orgAccountId)).pending).toBe(100);
    // a merchant sees only its own
    const own = await get(`/v1/receivables?transaction_id=${tr.id}`, m.apiKey);
    expect(own.data.map((r: { role: string }) => r.role)).toEqual(['MERCHANT']);
    expect(await get(`/v1/receivables/${merchant.id}`, m.apiKey)).toEqual(merchant);
    await get(`/v1/receivables/${org.id}`, m.apiKey, 404);
  });

  it('twelve installments: floor splits with the remainders on installment 1', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_007, fee: 125, installments: 12 });
    const rows = await rowsOf(tr.id);
    const merchant = rows.filter((r) => r.role === 'MERCHANT');
    const org = rows.filter((r) => r.role === 'ORGANIZATION');
    expect(merchant.map((r) => r.grossAmount)).toEqual([844, ...Array(11).fill(833)]);
    expect(merchant.map((r) => r.feeAmount)).toEqual([15, ...Array(11).fill(10)]);
    expect(merchant.reduce((s, r) => s + r.netAmount, 0)).toBe(10_007 - 125);
    expect(org.map((r) => r.netAmount)).toEqual([15, ...Array(11).fill(10)]);
    const dates = merchant.map((r) => r.paymentDate);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(12);
  });

  it('a partial capture schedules on the captured amount', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { status: 'AUTHORIZED', amount: 10_000 });
    const res = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tr.id}/capture`,
      key: m.apiKey,
      payload: { amount: 6_001 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(tr.id);
    expect(rows.map((r) => [r.role, r.grossAmount, r.netAmount])).toEqual([['MERCHANT', 6_001, 6_001]]);
    expect((await balance(m)).pending).toBe(6_001);
  });

  it('PIX: PAID at once with no settlement, the net in available', async () => {
    const m = await setup();
    const tr = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000, fee: 50 });
    const rows = await rowsOf(tr.id);
    expect(rows.map((r) => [r.role, r.status, r.netAmount, r.settlementId])).toEqual([
      ['MERCHANT', 'PAID', 950, null],
      ['ORGANIZATION', 'PAID', 50, null],
    ]);
    expect(rows[0].paidAt).not.toBeNull();
    expect(await balance(m)).toMatchObject({ pending: 0, available: 950 });
  });
});

describe('GET /v1/receivables filters and sorts (M2)', () => {
  it('by status, role, method, dates, net amount; sorted by amount or payment date; bad input 400', async () => {
    const m = await setup();
    await advanceTo(m, '2027-10-04T15:00:00Z'); // Monday
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 9_002, fee: 90, installments: 3 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 700 });
    const ids = async (qs: string) =>
      (await get(`/v1/receivables?${qs}`, m.orgKey)).data.map(
        (r: { installment: number; role: string; payment_method: string }) =>
          `${r.role[0]}${r.payment_method[0]}${r.installment}`,
      );
    expect(await ids(`transaction_id=${tr.id}&role=MERCHANT&sort=-payment_date`)).toEqual(['MC3', 'MC2', 'MC1']);
    expect(await ids(`company_id=${m.id}&status=PAID`)).toEqual(['MP1']);
    expect(
      await ids(`company_id=${m.id}&payment_method=CREDIT_CARD&amount_from=2970&amount_to=2970&sort=payment_date`),
    ).toEqual(['MC2', 'MC3']);
    expect(await ids(`bank_account_id=${m.bankAccountId}&sort=-amount,payment_date`)).toEqual([
      'MC1',
      'MC2',
      'MC3',
      'MP1',
    ]);
    expect(
      await ids(`company_id=${m.id}&payment_date_from=2027-11-03&payment_date_to=2027-12-02&role=MERCHANT`),
    ).toEqual(['MC1']);
    expect(await ids(`role=ORGANIZATION&transaction_id=${tr.id}&sort=payment_date`)).toEqual(['OC1', 'OC2', 'OC3']);
    for (const bad of [
      'payment_date_from=2027-02-30',
      'amount_to=-1',
      'role=OTHER',
      'sort=fee',
      'status=DONE',
      'payment_date_to=99999-01-01',
      'amount_from=1e300',
    ]) {
      const res = await t.request({ method: 'GET', url: `/core/v1/receivables?${bad}`, key: m.orgKey });
      expect(res.statusCode, bad).toBe(400);
    }
    await get(`/v1/receivables/schedule`, m.orgKey, 400);
  });
});

describe('settlement on the organization clock (M2, M7)', () => {
  it('over Carnival: nothing before the rolled date, then one settlement per account at 03:00 UTC; the agenda sums', async () => {
    const m = await setup();
    await advanceTo(m, '2027-01-07T15:00:00Z'); // Thursday; +30 = Saturday Feb 6, Carnival Feb 8-9 -> Feb 10
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 30_001, fee: 301, installments: 3 });
    const dates = (await rowsOf(tr.id)).filter((r) => r.role === 'MERCHANT').map((r) => r.paymentDate);
    expect(dates).toEqual(['2027-02-10', '2027-03-08', '2027-04-07']);

    const agenda = await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, m.apiKey);
    expect(agenda.data).toEqual([
      {
        payment_date: '2027-02-10',
        count: 1,
        gross_amount: 10_001,
        fee_amount: 101,
        anticipation_fee_amount: 0,
        net_amount: 9_900,
      },
      {
        payment_date: '2027-03-08',
        count: 1,
        gross_amount: 10_000,
        fee_amount: 100,
        anticipation_fee_amount: 0,
        net_amount: 9_900,
      },
      {
        payment_date: '2027-04-07',
        count: 1,
        gross_amount: 10_000,
        fee_amount: 100,
        anticipation_fee_amount: 0,
        net_amount: 9_900,
      },
    ]);
    expect(
      (
        await get(
          `/v1/receivables/schedule?bank_account_id=${m.bankAccountId}&payment_date_from=2027-03-01&payment_date_to=2027-03-31`,
          m.apiKey,
        )
      ).data.map((d: { payment_date: string }) => d.payment_date),
    ).toEqual(['2027-03-08']);

    await advanceTo(m, '2027-02-10T02:59:00Z');
    expect((await get('/v1/settlements', m.orgKey)).data).toEqual([]);
    await advanceTo(m, '2027-02-10T03:00:00Z');
    const settled = await get('/v1/settlements?sort=created_at', m.orgKey);
    expect(
      settled.data
        .map((s: { bank_account_id: string; net_amount: number }) => [s.bank_account_id, s.net_amount])
        .sort(),
    ).toEqual(
      [
        [m.bankAccountId, 9_900],
        [m.orgAccountId, 101],
      ].sort(),
    );
    const mine = settled.data.find((s: { bank_account_id: string }) => s.bank_account_id === m.bankAccountId);
    expect(mine).toMatchObject({
      company_id: m.id,
      provider: 'PROVIDER_A',
      payment_date: '2027-02-10',
      receivable_count: 1,
      gross_amount: 10_001,
      fee_amount: 101,
      anticipation_fee_amount: 0,
      net_amount: 9_900,
    });
    const paid = await get(`/v1/settlements/${mine.id}/receivables`, m.apiKey);
    expect(paid.data).toMatchObject([
      { installment: 1, status: 'PAID', paid_at: '2027-02-10T03:00:00.000Z', settlement_id: mine.id },
    ]);
    expect(await balance(m)).toMatchObject({ pending: 19_800, available: 9_900 });
    const events = await eventsAbout(t, mine.id, ['settlement.completed']);
    expect(events).toHaveLength(1);
    expect(parseEventPayload('settlement.completed', events[0].payload).success).toBe(true);
    expect(events[0].payload).toMatchObject({ ...mine, sequence: expect.any(Number) });
    // merchant reach; another tenant's settlement is 404
    expect((await get('/v1/settlements', m.apiKey)).data.map((s: { id: string }) => s.id)).toEqual([mine.id]);
    const other = await setup();
    await get(`/v1/settlements/${mine.id}`, other.orgKey, 404);
    await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, other.orgKey, 404);

    await advanceTo(m, '2027-04-08T00:00:00Z');
    const all = await get(`/v1/settlements?bank_account_id=${m.bankAccountId}&sort=payment_date`, m.apiKey);
    expect(all.data.map((s: { payment_date: string }) => s.payment_date)).toEqual([
      '2027-02-10',
      '2027-03-08',
      '2027-04-07',
    ]);
    expect(await balance(m)).toMatchObject({ pending: 0, available: 29_700 });
    expect((await get(`/v1/receivables/schedule?bank_account_id=${m.bankAccountId}`, m.apiKey)).data).toEqual([]);
  });

  it('a settlement over Good Friday repays debt first', async () => {
    const m = await setup();
    await advanceTo(m, '2027-02-24T15:00:00Z'); // +30 = Friday March 26, Good Friday 2027 -> Monday March 29
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 5_000 });
    expect((await rowsOf(tr.id)).map((r) => r.paymentDate)).toEqual(['2027-03-29']);
    // a PIX's money moved out (an open transfer hold), then the PIX refunded: available short -> debt
    const pix = await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 1_000 });
    const now = t.deps.clock.now(m.organizationId);
    await t.db.db.transaction((tx) =>
      hold(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        source: { type: 'INTERNAL_TRANSFER', id: randomUUID() },
        account: { id: m.bankAccountId },
        amount: 1_000,
        now,
      }),
    );
    await refund(m, pix.id, 1_000);
    expect(await balance(m)).toMatchObject({ pending: 5_000, available: 0, debt: 1_000 });
    await advanceTo(m, '2027-03-29T03:00:00Z');
    expect(await balance(m)).toMatchObject({ pending: 0, available: 4_000, debt: 0 });
    const changes = await eventsAbout(t, m.bankAccountId, ['balance.debt-changed']);
    expect(changes.at(-1)?.payload).toMatchObject({ old_debt: 1_000, new_debt: 0 });
  });
});
