import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { sandboxServers } from '../helpers/sandbox-server.js';
import { call, startSandbox, takeAPayment, TEST_CARD, type Json } from './readme-steps.js';
import { adminQuery } from '../helpers/pg-admin.js';

const servers = sandboxServers();

/**
 * On PostgreSQL (DATABASE_URL set) the server gets a database of its own: its job runner and delivery worker
 * serve every organization they find, and must not run the other test files' jobs.
 */
const databaseUrl = process.env.DATABASE_URL || undefined;
const dbName = `e2e_get_paid_${randomBytes(4).toString('hex')}`;
const admin = (sql: string) => adminQuery(databaseUrl, sql);
afterAll(async () => {
  servers.stopAll(); // a failed assertion must not leave a server running
  if (databaseUrl) await admin(`drop database if exists ${dbName} with (force)`);
});

/** M4's fee, as the README's reader can check it: round-half-up(net x rate x days / 3000), rate 2.99 %. */
const anticipationFee = (net: number, days: number) => Math.floor((2 * net * 29900 * days + 30_000_000) / 60_000_000);

/**
 * README "Get paid in the sandbox", step by step, against the real server over HTTPS (issue 14's "tried as a new
 * user would"), after "Take a payment in the sandbox" (./readme-steps.ts). The merchant's figures are exact;
 * the organization's own balances are left out (only the integrity difference is asserted, after every step).
 */
describe('README: get paid in the sandbox', () => {
  it('settles three installments on the clock, anticipates, cashes out (manual and automatic), returns, disputes, and the ledger stays whole', async () => {
    // The walkthrough's card payments must share one capture date in São Paulo (the README's figures assume it):
    // never start it just before midnight there (03:00 UTC).
    const utc = new Date();
    const toMidnight =
      (27 * 3600 - (utc.getUTCHours() * 3600 + utc.getUTCMinutes() * 60 + utc.getUTCSeconds())) % 86400;
    if (toMidnight < 120) await new Promise((r) => setTimeout(r, (toMidnight + 2) * 1000));

    let url: string | undefined;
    if (databaseUrl) {
      await admin(`create database ${dbName}`);
      url = Object.assign(new URL(databaseUrl), { pathname: `/${dbName}` }).toString();
    }
    const sandbox = await startSandbox(servers, url);
    const { CORE, PCI, KEY, STAFF } = sandbox;
    const M = await takeAPayment(sandbox);

    const get = (path: string, key = KEY) => call('GET', `${CORE}${path}`, key);
    const post = (path: string, key: string, body: unknown, host = CORE) => call('POST', `${host}${path}`, key, body);
    const bal = async () => {
      const res = await get(`/v1/merchants/${M}/balances`);
      return res.json.totals ?? res; // the whole answer when it is not the balances, so a failure shows why
    };
    const expectBalances = async (pending: number, available: number, held = 0) =>
      expect(await bal()).toEqual({ pending, available, held, debt: 0 });
    const integrity = async () => {
      const res = await get('/v1/platform/ledger/integrity', STAFF);
      expect(res.status).toBe(200);
      expect(res.json.mismatches).toEqual([]);
      expect(res.json.providers.map((p: Json) => p.difference)).toEqual(res.json.providers.map(() => 0));
    };
    const advance = async (body: Json) => {
      const res = await post('/v1/sandbox/clock/advance', KEY, body);
      expect(res.status).toBe(200);
      return res.json.now as string;
    };
    const eventCount = async (type: string) => {
      const res = await get(`/v1/webhooks/messages?limit=100&type=${type}`);
      expect(res.status).toBe(200);
      // The merchant's own: the organization's account settles (its sweep) on the same dates.
      return (res.json.data as Json[]).filter((m) => m.company_id === M).length;
    };

    // After "Take a payment": the PIX settled at once, the cards (1990, 3000 - 1000, 1990) wait.
    await expectBalances(5980, 60000);
    await integrity();

    // 1. A fee policy: 2.99 % on cards, anticipation rates, a cashout price of 150.
    const policy = await post('/v1/pricing/fee-policies', KEY, {
      name: 'standard',
      request_id: 'fp-1',
      cashout_price: 150,
      spot_anticipation_percentage: 2.99,
      automatic_anticipation_percentage: 1.99,
      rules: [
        {
          conditions: [{ field: 'transaction.payment_method', operator: 'EQUALS', value: 'CREDIT_CARD' }],
          price: { percentage: 2.99 },
        },
      ],
    });
    expect(policy.status).toBe(201);
    expect(
      (await call('PATCH', `${CORE}/v1/merchants/${M}`, KEY, { fee_policy_id: policy.json.id })).json.fee_policy_id,
    ).toBe(policy.json.id);

    // 2. A card payment in 3 installments: fee 598; M2's remainders on installment 1.
    const payment = await post(
      `/v1/merchants/${M}/transactions`,
      KEY,
      { payment_method: 'CREDIT_CARD', amount: 20000, installments: 3, request_id: 'card-3x', card_data: TEST_CARD },
      PCI,
    );
    expect(payment.json).toMatchObject({ status: 'APPROVED', installments: 3, fee: { amount: 598 } });
    const PAY = payment.json.id as string;
    const receivables = async (role: string) =>
      (await get(`/v1/receivables?transaction_id=${PAY}&role=${role}&sort=payment_date`)).json.data as Json[];
    const mine = await receivables('MERCHANT');
    expect(mine.map((r) => [r.installment, r.gross_amount, r.fee_amount, r.net_amount, r.status])).toEqual([
      [1, 6668, 200, 6468, 'PENDING'],
      [2, 6666, 199, 6467, 'PENDING'],
      [3, 6666, 199, 6467, 'PENDING'],
    ]);
    expect((await receivables('ORGANIZATION')).map((r) => r.net_amount)).toEqual([200, 199, 199]);
    const dates = mine.map((r) => r.payment_date as string);
    expect(new Set(dates).size).toBe(3);
    await expectBalances(25382, 60000);
    await integrity();

    // The agenda: the first date also holds the cards of "Take a payment" (same capture date).
    const BA = (await get(`/v1/merchants/${M}/balances`)).json.data[0].bank_account_id as string;
    const agenda = await get(`/v1/receivables/schedule?bank_account_id=${BA}`);
    expect(agenda.json.data.map((d: Json) => [d.payment_date, d.count, d.net_amount])).toEqual([
      [dates[0], 4, 12448],
      [dates[1], 1, 6467],
      [dates[2], 1, 6467],
    ]);

    // 3. The clock to each installment's date (settlement at 03:00 UTC): about 90 days in three steps.
    const start = new Date((await get('/v1/sandbox/clock', KEY)).json.now as string);
    const expected = [
      [12934, 72448],
      [6467, 78915],
      [0, 85382],
    ];
    for (const [i, date] of dates.entries()) {
      expect(await advance({ to: `${date}T03:00:00Z` })).toMatch(new RegExp(`^${date}T03:00`));
      await expectBalances(expected[i]![0]!, expected[i]![1]!);
      await integrity();
      expect(await eventCount('settlement.completed')).toBe(i + 1);
    }
    const days = (Date.parse(`${dates[2]}T03:00:00Z`) - start.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(89);
    const before = await get(`/v1/banking/bank-accounts/${BA}/balance?at=${dates[2]}T02:59:59Z`);
    expect(before.json).toMatchObject({ pending: 6467, available: 78915, held: 0, debt: 0 });
    const settlements = await get(`/v1/settlements?bank_account_id=${BA}&sort=payment_date`);
    expect(settlements.json.data.map((s: Json) => [s.payment_date, s.receivable_count, s.net_amount])).toEqual([
      [dates[0], 4, 12448],
      [dates[1], 1, 6467],
      [dates[2], 1, 6467],
    ]);
    expect((await receivables('MERCHANT')).map((r) => [r.status, r.paid_at])).toEqual(
      dates.map((d) => ['PAID', `${d}T03:00:00.000Z`]),
    );
    const entries = await get(`/v1/ledger/entries?bank_account_id=${BA}&balance_type=AVAILABLE&sort=sequence`);
    expect(entries.json.data.map((e: Json) => [e.code, e.amount, e.resulting_balance])).toEqual([
      ['RECEIVABLE_SETTLED', 60000, 60000],
      ['RECEIVABLE_SETTLED', 12448, 72448],
      ['RECEIVABLE_SETTLED', 6467, 78915],
      ['RECEIVABLE_SETTLED', 6467, 85382],
    ]);

    // 4. An anticipation of a new 2-installment payment, to today.
    const payment2 = await post(
      `/v1/merchants/${M}/transactions`,
      KEY,
      { payment_method: 'CREDIT_CARD', amount: 10000, installments: 2, request_id: 'card-2x', card_data: TEST_CARD },
      PCI,
    );
    expect(payment2.json.status).toBe('APPROVED');
    const PAY2 = payment2.json.id as string;
    expect((await get(`/v1/banking/bank-accounts/${BA}/anticipation-limits`)).json.maximum.amount).toBe(9701);
    const quote = await post('/v1/anticipations/quotes', KEY, { bank_account_id: BA });
    expect(quote.status).toBe(201);
    expect(quote.json.items.map((i: Json) => i.net_amount)).toEqual([4850, 4851]);
    const fee = quote.json.items.reduce((s: number, i: Json) => s + anticipationFee(i.net_amount, i.days), 0);
    expect(quote.json).toMatchObject({ amount: 9701, fee_amount: fee, net_amount: 9701 - fee });
    const anticipation = await post('/v1/anticipations', KEY, { request_id: 'ant-1', quote_id: quote.json.id });
    expect(anticipation.status).toBe(201);
    await advance({ seconds: 60 });
    expect((await get(`/v1/anticipations/${anticipation.json.id}`)).json).toMatchObject({
      status: 'COMPLETED',
      net_amount: 9701 - fee,
    });
    let available = 85382 + 9701 - fee;
    await expectBalances(0, available);
    await integrity();

    // 5. A manual cashout to the settlement account (a key the directory shows as the company's own).
    const AF = (await get(`/v1/merchants/${M}/affiliations`)).json.data[0].id as string;
    const foreign = await call('PUT', `${CORE}/v1/merchants/${M}/affiliations/${AF}/settlement-account`, KEY, {
      pix_key_type: 'EMAIL',
      pix_key: 'someone@example.com',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.details.reason).toBe('DESTINATION_NOT_OWNED');
    const own = await call('PUT', `${CORE}/v1/merchants/${M}/affiliations/${AF}/settlement-account`, KEY, {
      pix_key_type: 'CPF',
      pix_key: '52998224725',
    });
    expect(own.json.settlement_account.dict_key_information.is_owned_by_company).toBe(true);
    const cashout = await post('/v1/banking/cashouts', KEY, {
      request_id: 'cashout-1',
      bank_account_id: BA,
      amount: 50000,
    });
    expect(cashout.json).toMatchObject({ status: 'PENDING', amount: 50000, price: 150, total_debited: 50150 });
    const CO = cashout.json.id as string;
    available -= 50150;
    await expectBalances(0, available, 50150);
    await integrity();
    await advance({ seconds: 60 });
    expect((await get(`/v1/banking/cashouts/${CO}`)).json).toMatchObject({
      status: 'COMPLETED',
      amount: 50000,
      price: 150,
    });
    await expectBalances(0, available);
    await integrity();

    // 6. A partial return of it (the price is kept).
    const returned = await post(`/v1/platform/sandbox/cashouts/${CO}/returns`, STAFF, {
      amount: 20000,
      reason: 'RETURNED_BY_RECEIVER',
    });
    expect(returned.status).toBe(201);
    expect(returned.json.cashout).toMatchObject({ status: 'PARTIALLY_RETURNED', returned_amount: 20000 });
    available += 20000;
    await expectBalances(0, available);
    await integrity();

    // 7. A dispute won (held, then released) ...
    const won = await post(`/v1/platform/sandbox/transactions/${PAY}/disputes`, STAFF, {
      reason: 'COMMERCIAL_DISAGREEMENT',
      reason_code: '4853',
    });
    expect(won.json).toMatchObject({ status: 'OPEN', amount: 20000, held_amount: 20000, debt_amount: 0 });
    await expectBalances(0, available - 20000, 20000);
    await integrity();
    const evidence = await call('PUT', `${CORE}/v1/disputes/${won.json.id}/evidence`, KEY, {
      text: 'Delivered, signed receipt.',
      document_ids: [],
    });
    expect(evidence.json.status).toBe('OPEN');
    expect((await post(`/v1/disputes/${won.json.id}/submit`, KEY, {})).json.status).toBe('UNDER_REVIEW');
    expect(
      (await post(`/v1/platform/sandbox/disputes/${won.json.id}/outcome`, STAFF, { outcome: 'WON' })).json.status,
    ).toBe('WON');
    await expectBalances(0, available);
    await integrity();
    // ... and one lost (paid out).
    const lost = await post(`/v1/platform/sandbox/transactions/${PAY2}/disputes`, STAFF, {
      amount: 4000,
      reason: 'FRAUD',
      reason_code: '10.4',
    });
    expect(lost.json).toMatchObject({ status: 'OPEN', held_amount: 4000 });
    expect(
      (
        await call('PUT', `${CORE}/v1/disputes/${lost.json.id}/evidence`, KEY, {
          text: 'The buyer passed 3DS.',
          document_ids: [],
        })
      ).json.status,
    ).toBe('OPEN');
    expect((await post(`/v1/disputes/${lost.json.id}/submit`, KEY, {})).json.status).toBe('UNDER_REVIEW');
    expect(
      (await post(`/v1/platform/sandbox/disputes/${lost.json.id}/outcome`, STAFF, { outcome: 'LOST' })).json.status,
    ).toBe('LOST');
    available -= 4000;
    await expectBalances(0, available);
    await integrity();

    // 8. Automatic cashouts: daily at 12:00 UTC, keeping 10000.
    const configured = await call('PATCH', `${CORE}/v1/merchants/${M}`, KEY, {
      transfer_configurations: {
        automatic_transfer_enabled: true,
        transfer_frequency: 'DAILY',
        rail: 'PIX',
        utc_hour_of_day: 12,
        min_balance: 10000,
      },
    });
    expect(configured.status).toBe(200);
    const next = (await get(`/v1/merchants/${M}/automatic-cashouts/next`)).json.data;
    expect(next).toEqual([
      {
        bank_account_id: BA,
        at: expect.stringMatching(/T12:00:00/),
        estimated_amount: available - 10000 - 150,
        price: 150,
      },
    ]);
    await advance({ to: next[0].at });
    await advance({ seconds: 60 });
    const automatic = (await get('/v1/banking/cashouts?automatic=true')).json.data;
    expect(automatic.map((c: Json) => [c.status, c.amount, c.schedule_slot])).toEqual([
      ['COMPLETED', available - 10150, next[0].at.replace('.000Z', 'Z')],
    ]);
    await expectBalances(0, 10000);
    await integrity();

    // 9. The events of it all.
    const counts: Record<string, number> = {};
    // The merchant's (the organization's own account has settlements of its own: its fee shares' sweep).
    for (const m of (await get('/v1/webhooks/messages?limit=100')).json.data as Json[])
      if (m.company_id === M) counts[m.type] = (counts[m.type] ?? 0) + 1;
    expect(counts).toMatchObject({
      'settlement.completed': 3,
      'anticipation.created': 1,
      'anticipation.status-changed': 1,
      'cashout.created': 2,
      'cashout.status-changed': 3,
      'cashout.returned': 1,
      'dispute.created': 2,
      'dispute.status-changed': 4,
    });
  }, 180_000);
});
