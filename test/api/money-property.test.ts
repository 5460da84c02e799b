import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardData } from '../helpers/transactions.js';
import { dumpMoney, expectMoneyInvariants, moneyMerchant, type MoneyMerchant } from '../helpers/money-checks.js';

/**
 * Issue 14 (money.md M3): random sequences of payments (credit 1-12 installments, debit, PIX), refunds that
 * succeed or fail, clock advances (settlements, anticipation completions, automatic cashouts and anticipations,
 * dispute deadlines), anticipations and their decisions, cashouts (completed, failed, returned) and disputes
 * (evidence, WON, LOST, accepted, lost by the deadline), driven through the API. After every step the
 * invariants hold (ledger tables, the staff integrity endpoint, the balance endpoint against the receivables,
 * and no cent created or lost for the merchant). The API may refuse (documented 409s), never answer 500.
 * MONEY_SEED and MONEY_RUNS reproduce or widen a run; fast-check prints the seed and path of a failure; MONEY_DUMP=1
 * prints the failing merchant's receivables, refunds and ledger postings.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  // Jobs run only when a step moves the clock (or a burst races them), so a seed replays the same run.
  await t.built.runner.stop();
});
afterAll(async () => t?.close());

type Op =
  | { kind: 'card'; method: 'CREDIT_CARD' | 'DEBIT_CARD'; amount: number; installments: number }
  | { kind: 'pix'; amount: number }
  | { kind: 'refund'; pick: number; share: number; then: 'SUCCEEDED' | 'FAILED' | 'LATER' }
  | { kind: 'settleRefund'; pick: number; outcome: 'SUCCEEDED' | 'FAILED' }
  | { kind: 'advance'; seconds: number }
  | { kind: 'anticipate'; share: number | null; tomorrow: boolean; then: 'APPROVED' | 'REFUSED' | 'CANCEL' | 'LATER' }
  | { kind: 'cashout'; share: number; then: 'COMPLETED' | 'FAILED' | 'LATER' | 'RETURNED'; returnShare: number }
  | { kind: 'settleCashout'; pick: number; outcome: 'COMPLETED' | 'FAILED' }
  | { kind: 'return'; pick: number; share: number }
  | { kind: 'dispute'; pick: number; share: number | null; then: 'LATER' | 'SUBMIT' | 'WON' | 'LOST' | 'ACCEPT' }
  | { kind: 'disputeMove'; pick: number; move: 'SUBMIT' | 'WON' | 'LOST' | 'ACCEPT' }
  | { kind: 'burst'; pick: number; share: number; advance: number }
  | { kind: 'automatic'; cashouts: boolean; hour: number; minBalance: number; anticipation: boolean; delay: number };

const DAY = 86_400;
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('card' as const),
      method: fc.constantFrom('CREDIT_CARD' as const, 'CREDIT_CARD' as const, 'DEBIT_CARD' as const),
      amount: fc.integer({ min: 100, max: 60_000 }),
      installments: fc.integer({ min: 1, max: 12 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('pix' as const), amount: fc.integer({ min: 100, max: 40_000 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 110 }),
      then: fc.constantFrom('SUCCEEDED' as const, 'FAILED' as const, 'LATER' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settleRefund' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('SUCCEEDED' as const, 'FAILED' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.oneof(
        fc.integer({ min: 60, max: DAY }),
        fc.integer({ min: DAY, max: 12 * DAY }),
        fc.integer({ min: 25 * DAY, max: 95 * DAY }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('anticipate' as const),
      share: fc.option(fc.integer({ min: 1, max: 110 }), { nil: null, freq: 2 }),
      tomorrow: fc.boolean(),
      then: fc.constantFrom('APPROVED' as const, 'REFUSED' as const, 'CANCEL' as const, 'LATER' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cashout' as const),
      share: fc.integer({ min: 1, max: 120 }),
      then: fc.constantFrom('COMPLETED' as const, 'FAILED' as const, 'LATER' as const, 'RETURNED' as const),
      returnShare: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settleCashout' as const),
      pick: fc.nat(),
      outcome: fc.constantFrom('COMPLETED' as const, 'FAILED' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 110 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('dispute' as const),
      pick: fc.nat(),
      share: fc.option(fc.integer({ min: 1, max: 110 }), { nil: null }),
      then: fc.constantFrom('LATER' as const, 'SUBMIT' as const, 'WON' as const, 'LOST' as const, 'ACCEPT' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('disputeMove' as const),
      pick: fc.nat(),
      move: fc.constantFrom('SUBMIT' as const, 'WON' as const, 'LOST' as const, 'ACCEPT' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      pick: fc.nat(),
      share: fc.integer({ min: 1, max: 100 }),
      advance: fc.integer({ min: 60, max: 40 * DAY }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('automatic' as const),
      cashouts: fc.boolean(),
      hour: fc.integer({ min: 0, max: 23 }),
      minBalance: fc.integer({ min: 0, max: 5_000 }),
      anticipation: fc.boolean(),
      delay: fc.integer({ min: 1, max: 30 }),
    }),
  },
);

type Json = Record<string, any>;
interface Model {
  m: MoneyMerchant;
  transactions: { id: string; method: string }[];
  refunds: string[];
  cashouts: string[];
  disputes: string[];
}

const pickOf = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);
/** What the runs exercised (`${method} ${path} ${status}`), printed with MONEY_VERBOSE=1. */
const seen = new Map<string, number>();
const send = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, key: string, payload?: object) => {
  const res = await t.request({ method, url: `/core${url}`, key, ...(payload ? { payload } : {}) });
  const label = `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')} ${res.statusCode}${res.statusCode === 409 ? ` ${res.json().error.details?.reason ?? ''}` : ''}`;
  seen.set(label, (seen.get(label) ?? 0) + 1);
  return res;
};
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  key: string,
  payload?: object,
  status = 200,
): Promise<Json> {
  const res = await send(method, url, key, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}
/** A documented refusal: 409 CONFLICT_ERROR (with the reason when `reasons` names them); never a 500. */
function expectRefusal(res: { statusCode: number; body: string; json(): any }, reasons?: string[]) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().error.code).toBe('CONFLICT_ERROR');
  if (reasons) expect(reasons).toContain(res.json().error.details?.reason);
}
const oneOf = (res: { statusCode: number; body: string }, codes: number[]) =>
  expect(codes, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
const balance = async (m: MoneyMerchant) =>
  call('GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
const nowOf = async (m: MoneyMerchant) =>
  Date.parse((await call('GET', `/v1/platform/sandbox/organizations/${m.orgId}/clock`, t.platformKey)).now);
const saoPauloDate = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(0, 10);

async function step(model: Model, o: Op): Promise<void> {
  const { m } = model;
  switch (o.kind) {
    case 'card': {
      const card = await cardData(t, '4111111111111111', { expiry_year: '2045' });
      const body: Json = { payment_method: o.method, amount: o.amount, card_data: card };
      if (o.method === 'CREDIT_CARD') body.installments = o.installments;
      else
        body.three_ds = {
          external: {
            version: '2.2.0',
            eci: '05',
            authentication_value: 'AAACBllleHchZTBWIGV4AAAAAAA=',
            ds_transaction_id: randomUUID(),
            trans_status: 'Y',
          },
        };
      const tr = await call('POST', '/v1/transactions', m.merchantKey, body, 201);
      expect(tr.status).toBe('APPROVED');
      model.transactions.push({ id: tr.id, method: o.method });
      return;
    }
    case 'pix': {
      const tr = await call(
        'POST',
        '/v1/transactions',
        m.merchantKey,
        { payment_method: 'PIX', amount: o.amount },
        201,
      );
      expect(
        (await call('POST', `/v1/platform/sandbox/transactions/${tr.id}/pix-payment`, t.platformKey, {})).status,
      ).toBe('APPROVED');
      model.transactions.push({ id: tr.id, method: 'PIX' });
      return;
    }
    case 'refund': {
      const target = pickOf(model.transactions, o.pick);
      if (!target) return;
      const tr = await call('GET', `/v1/transactions/${target.id}`, m.merchantKey);
      const amount = Math.max(1, Math.floor((tr.refundable_amount * o.share) / 100));
      const res = await send('POST', `/v1/transactions/${target.id}/refunds`, m.merchantKey, { amount });
      if (amount > tr.refundable_amount) return expectRefusal(res);
      if (res.statusCode !== 201) return expectRefusal(res); // a dispute claims part of it, or ten refunds exist
      model.refunds.push(res.json().id);
      if (o.then !== 'LATER')
        await call('POST', `/v1/platform/sandbox/refunds/${res.json().id}/settle`, t.platformKey, { status: o.then });
      return;
    }
    case 'settleRefund': {
      const id = pickOf(model.refunds, o.pick);
      if (!id) return;
      const res = await send('POST', `/v1/platform/sandbox/refunds/${id}/settle`, t.platformKey, { status: o.outcome });
      oneOf(res, [200, 409]);
      return;
    }
    case 'advance':
      await call('POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
        seconds: o.seconds,
      });
      return;
    case 'anticipate': {
      const date = o.tomorrow ? saoPauloDate((await nowOf(m)) + DAY * 1000) : undefined;
      const limits = await call(
        'GET',
        `/v1/banking/bank-accounts/${m.accountId}/anticipation-limits${date ? `?payment_date=${date}` : ''}`,
        m.merchantKey,
      );
      const max = limits.maximum.amount as number;
      const requested = o.share === null ? undefined : Math.max(1, Math.floor((max * o.share) / 100));
      const q = await send('POST', '/v1/anticipations/quotes', m.merchantKey, {
        bank_account_id: m.accountId,
        ...(date ? { payment_date: date } : {}),
        ...(requested ? { requested_amount: requested } : {}),
      });
      if (max === 0 || (requested !== undefined && requested > max))
        return expectRefusal(q, ['NO_ELIGIBLE_RECEIVABLES', 'ANTICIPATION_LIMIT_EXCEEDED']);
      if (q.statusCode === 409) return expectRefusal(q, ['NO_ELIGIBLE_RECEIVABLES']); // below the first receivable's net
      expect(q.statusCode, q.body).toBe(201);
      const a = await call(
        'POST',
        '/v1/anticipations',
        m.merchantKey,
        { request_id: randomUUID(), quote_id: q.json().id },
        201,
      );
      expect(a).toMatchObject({ status: 'PENDING', amount: q.json().amount, fee_amount: q.json().fee_amount });
      if (o.then === 'CANCEL')
        expect((await call('POST', `/v1/anticipations/${a.id}/cancel`, m.merchantKey)).status).toBe('CANCELED');
      else if (o.then !== 'LATER') {
        // Dated today it may already have completed by its job (the clock runs due jobs only on an advance, but the runner polls).
        const res = await send('POST', `/v1/platform/sandbox/anticipations/${a.id}/decision`, t.platformKey, {
          decision: o.then,
        });
        oneOf(res, [200, 409]);
      }
      return;
    }
    case 'cashout': {
      const before = await balance(m);
      const amount = Math.max(1, Math.floor((before.available * o.share) / 100) - m.cashoutPrice);
      const res = await send('POST', '/v1/banking/cashouts', m.merchantKey, {
        request_id: randomUUID(),
        bank_account_id: m.accountId,
        amount,
      });
      // Sequential steps: exactly the cashouts that fit succeed.
      if (amount + m.cashoutPrice > before.available) return expectRefusal(res, ['INSUFFICIENT_FUNDS']);
      expect(res.statusCode, res.body).toBe(201);
      const c = res.json();
      model.cashouts.push(c.id);
      // The sandbox provider fails an amount ending in 91 cents at once (money.md M8).
      if (amount % 100 === 91)
        return expect(c).toMatchObject({ status: 'FAILED', error_code: 'DESTINATION_ACCOUNT_CLOSED' });
      expect(c.status).toBe('PENDING');
      if (o.then === 'LATER') return;
      const status = o.then === 'RETURNED' ? 'COMPLETED' : o.then;
      expect(
        (await call('POST', `/v1/platform/sandbox/cashouts/${c.id}/status`, t.platformKey, { status })).status,
      ).toBe(status);
      if (o.then === 'RETURNED') {
        const back = Math.max(1, Math.floor((amount * o.returnShare) / 100));
        const ret = await call(
          'POST',
          `/v1/platform/sandbox/cashouts/${c.id}/returns`,
          t.platformKey,
          { amount: back, reason: 'MED_OPERACIONAL' },
          201,
        );
        expect(ret.cashout).toMatchObject({
          returned_amount: back,
          status: back === amount ? 'RETURNED' : 'PARTIALLY_RETURNED',
        });
      }
      return;
    }
    case 'settleCashout': {
      const id = pickOf(model.cashouts, o.pick);
      if (!id) return;
      const c = await call('GET', `/v1/banking/cashouts/${id}`, m.merchantKey);
      const res = await send('POST', `/v1/platform/sandbox/cashouts/${id}/status`, t.platformKey, {
        status: o.outcome,
      });
      if (c.status === 'PENDING') expect(res.statusCode, res.body).toBe(200);
      else expectRefusal(res);
      return;
    }
    case 'return': {
      const id = pickOf(model.cashouts, o.pick);
      if (!id) return;
      const c = await call('GET', `/v1/banking/cashouts/${id}`, m.merchantKey);
      const left = c.amount - c.returned_amount;
      const amount = Math.max(1, Math.floor((left * o.share) / 100));
      const res = await send('POST', `/v1/platform/sandbox/cashouts/${id}/returns`, t.platformKey, {
        amount,
        reason: 'RETURNED_BY_RECEIVER',
      });
      if (!['COMPLETED', 'PARTIALLY_RETURNED'].includes(c.status)) return expectRefusal(res);
      if (amount > left) return expectRefusal(res, ['RETURN_EXCEEDS_AMOUNT', 'RETURN_WINDOW_CLOSED']);
      const open = (await nowOf(m)) < Date.parse(c.completed_at) + 90 * DAY * 1000;
      if (open) expect(res.statusCode, res.body).toBe(201);
      else expectRefusal(res, ['RETURN_WINDOW_CLOSED']);
      return;
    }
    case 'dispute': {
      const cards = model.transactions.filter((x) => x.method !== 'PIX');
      const target = pickOf(cards, o.pick);
      if (!target) return;
      const tr = await call('GET', `/v1/transactions/${target.id}`, m.merchantKey);
      const most = tr.captured_amount - tr.refunded_amount - tr.pending_refund_amount;
      const amount = o.share === null ? undefined : Math.max(1, Math.floor((most * o.share) / 100));
      const res = await send('POST', `/v1/platform/sandbox/transactions/${target.id}/disputes`, t.platformKey, {
        reason: 'FRAUD',
        ...(amount ? { amount } : {}),
      });
      if (res.statusCode !== 201) return expectRefusal(res); // one already in progress, nothing left to dispute, or a terminal status
      const d = res.json();
      model.disputes.push(d.id);
      if (o.then === 'ACCEPT')
        expect((await call('POST', `/v1/disputes/${d.id}/accept`, m.merchantKey)).status).toBe('ACCEPTED');
      if (o.then === 'SUBMIT' || o.then === 'WON' || o.then === 'LOST') {
        await call('PUT', `/v1/disputes/${d.id}/evidence`, m.merchantKey, { text: 'Delivered; signed receipt' });
        expect((await call('POST', `/v1/disputes/${d.id}/submit`, m.merchantKey)).status).toBe('UNDER_REVIEW');
      }
      if (o.then === 'WON' || o.then === 'LOST')
        expect(
          (await call('POST', `/v1/platform/sandbox/disputes/${d.id}/outcome`, t.platformKey, { outcome: o.then }))
            .status,
        ).toBe(o.then);
      return;
    }
    case 'disputeMove': {
      const id = pickOf(model.disputes, o.pick);
      if (!id) return;
      const d = await call('GET', `/v1/disputes/${id}`, m.merchantKey);
      const openNow = d.status === 'OPEN' && (await nowOf(m)) < Date.parse(d.evidence_due_by);
      if (o.move === 'SUBMIT') {
        const ev = await send('PUT', `/v1/disputes/${id}/evidence`, m.merchantKey, {
          text: 'Delivered; signed receipt',
        });
        const sub = await send('POST', `/v1/disputes/${id}/submit`, m.merchantKey);
        for (const res of [ev, sub])
          if (openNow) expect(res.statusCode, res.body).toBe(200);
          else expectRefusal(res);
      } else if (o.move === 'ACCEPT') {
        const res = await send('POST', `/v1/disputes/${id}/accept`, m.merchantKey);
        if (d.status === 'OPEN') oneOf(res, [200, 409]);
        else expectRefusal(res);
      } else {
        const res = await send('POST', `/v1/platform/sandbox/disputes/${id}/outcome`, t.platformKey, {
          outcome: o.move,
        });
        if (d.status === 'UNDER_REVIEW') expect(res.statusCode, res.body).toBe(200);
        else expectRefusal(res);
      }
      return;
    }
    case 'burst': {
      // At once, on the same money: a cashout of part of available, a refund and a dispute of one payment, an
      // anticipation of everything, and a clock advance (settlements and the other jobs). Any order may win; each
      // answers its documented result or refusal, never a 500, and the invariants hold after.
      const target = pickOf(model.transactions, o.pick);
      const before = await balance(m);
      const cashoutAmount = Math.max(1, Math.floor((before.available * o.share) / 100) - m.cashoutPrice);
      const quote = await send('POST', '/v1/anticipations/quotes', m.merchantKey, { bank_account_id: m.accountId });
      const results = await Promise.all([
        send('POST', '/v1/banking/cashouts', m.merchantKey, {
          request_id: randomUUID(),
          bank_account_id: m.accountId,
          amount: cashoutAmount === 91 ? 92 : cashoutAmount,
        }),
        target
          ? send('POST', `/v1/transactions/${target.id}/refunds`, m.merchantKey, {
              amount: Math.max(1, Math.floor((o.share * 100) / 3)),
            })
          : null,
        target && target.method !== 'PIX'
          ? send('POST', `/v1/platform/sandbox/transactions/${target.id}/disputes`, t.platformKey, {
              reason: 'OTHER',
              amount: Math.max(1, o.share * 37),
            })
          : null,
        quote.statusCode === 201
          ? send('POST', '/v1/anticipations', m.merchantKey, { request_id: randomUUID(), quote_id: quote.json().id })
          : null,
        send('POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
          seconds: o.advance,
        }),
      ]);
      const [cashout, refund, dispute, anticipation, advance] = results;
      expect(advance.statusCode, advance.body).toBe(200);
      for (const res of [cashout, refund, dispute, anticipation]) {
        if (!res) continue;
        oneOf(res, [201, 409]);
        if (res.statusCode === 409) expect(res.json().error.code).toBe('CONFLICT_ERROR');
      }
      if (cashout.statusCode === 201) model.cashouts.push(cashout.json().id);
      if (refund?.statusCode === 201) model.refunds.push(refund.json().id);
      if (dispute?.statusCode === 201) model.disputes.push(dispute.json().id);
      return;
    }
    case 'automatic': {
      const transfer = o.cashouts
        ? {
            automatic_transfer_enabled: true,
            transfer_frequency: 'DAILY',
            rail: 'PIX',
            utc_hour_of_day: o.hour,
            day_of_week: null,
            day_of_month: null,
            min_balance: o.minBalance,
          }
        : { automatic_transfer_enabled: false };
      await call('PATCH', `/v1/merchants/${m.merchantId}`, m.orgKey, {
        transfer_configurations: transfer,
        anticipation_configurations: { automatic_enabled: o.anticipation, delay_days: o.delay },
      });
      return;
    }
  }
}

const RUNS = Number(process.env.MONEY_RUNS ?? 8);
const SEED = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : undefined;
const START = Date.parse('2031-01-01T12:00:00Z');

describe('money over random sequences (issue 14, money.md M3)', () => {
  it("after every step: ledger, integrity, balances, receivables and the merchant's money agree", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 364 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(0, 150),
        fc.array(op, { minLength: 5, maxLength: 15 }),
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 5_000, max: 60_000 }),
        fc.integer({ min: 1_000, max: 30_000 }),
        async (startDay, feePercentage, cashoutPrice, generated, installments, cardAmount, pixAmount) => {
          // Every run starts with money to move: a card payment in installments and a paid PIX.
          const ops: Op[] = [
            { kind: 'card', method: 'CREDIT_CARD', amount: cardAmount, installments },
            { kind: 'pix', amount: pixAmount },
            ...generated,
          ];
          const m = await moneyMerchant(t, {
            feePercentage,
            cashoutPrice,
            clockTo: new Date(START + startDay * DAY * 1000).toISOString(),
          });
          const model: Model = { m, transactions: [], refunds: [], cashouts: [], disputes: [] };
          for (const [i, o] of ops.entries()) {
            try {
              await step(model, o);
              await expectMoneyInvariants(t, m);
            } catch (err) {
              if (process.env.MONEY_DUMP) await dumpMoney(t, m);
              throw new Error(`step ${i} ${JSON.stringify(o)} (merchant ${m.merchantId}): ${(err as Error).message}`, {
                cause: err,
              });
            }
          }
        },
      ),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
    );
    if (process.env.MONEY_VERBOSE)
      console.log(
        [...seen.entries()]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join('\n'),
      );
  }, 600_000);
});
