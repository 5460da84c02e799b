import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  affiliations,
  bankAccounts,
  companies,
  events,
  ledgerTransactions,
  receivables,
} from '../../src/db/schema/index.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { anticipationFee, daysBetween, parseRate } from '../../src/modules/anticipations/anticipations.rules.js';
import { saoPauloDate } from '../../src/domain/business-calendar.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { merchantWithAccount, seedTransaction, type Merchant } from '../helpers/seed-transactions.js';

/** money.md M4 over HTTP: limits, quotes, create, completion (job and sandbox decision), refusal, cancel, automatic. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

type M = Merchant & { orgKey: string };
const SPOT = '2.99';
const rate = parseRate(SPOT);

async function req(method: 'GET' | 'POST' | 'PATCH', url: string, key: string, payload?: object, status?: number) {
  const res = await t.request({ method, url: `/core${url}`, key, ...(payload ? { payload } : {}) });
  if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
  return res;
}

/** A merchant ACTIVE with an ACTIVE affiliation at PROVIDER_A, its account, and (unless told) a fee policy. */
async function setup(options: { policy?: boolean } = {}): Promise<M> {
  const m = await merchantWithAccount(t);
  await req('POST', '/v1/banking/bank-accounts', m.orgKey, { provider: 'PROVIDER_A' }, 201);
  const now = t.deps.clock.now(m.organizationId);
  await t.db.db.update(companies).set({ status: 'ACTIVE' }).where(eq(companies.id, m.id));
  await t.db.db
    .insert(affiliations)
    .values({
      id: randomUUID(),
      companyId: m.id,
      organizationId: m.organizationId,
      provider: 'PROVIDER_A',
      status: 'ACTIVE',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  if (options.policy !== false) await attachPolicy(m);
  return m;
}
async function attachPolicy(m: M) {
  const policy = await req(
    'POST',
    '/v1/pricing/fee-policies',
    m.orgKey,
    {
      name: `p-${randomUUID().slice(0, 8)}`,
      cashout_price: 0,
      automatic_anticipation_percentage: 1.5,
      spot_anticipation_percentage: 2.99,
      rules: [{ conditions: [], price: { percentage: 4 } }],
    },
    201,
  );
  await req('PATCH', `/v1/merchants/${m.id}`, m.orgKey, { fee_policy_id: policy.json().id }, 200);
}
/** A 3-installment card payment of 30,000 with a fee of 1,200: three merchant receivables of 9,600. */
const payment = (m: M) => seedTransaction(t, m, { status: 'APPROVED', amount: 30_000, fee: 1_200, installments: 3 });
const merchantReceivables = (transactionId: string) =>
  t.db.db
    .select()
    .from(receivables)
    .where(and(eq(receivables.transactionId, transactionId), eq(receivables.role, 'MERCHANT')))
    .orderBy(asc(receivables.installment));
const today = (m: M) => saoPauloDate(t.deps.clock.now(m.organizationId));
/** Tomorrow: an anticipation dated today completes at once (a job), so the controls are tried on tomorrow's. */
const tomorrow = (m: M) => saoPauloDate(new Date(t.deps.clock.now(m.organizationId).getTime() + 86_400_000));
const balance = async (m: M) =>
  (await req('GET', `/v1/banking/bank-accounts/${m.bankAccountId}/balance`, m.orgKey, undefined, 200)).json();
const advance = (m: M, payload: object) =>
  req('POST', `/v1/platform/sandbox/organizations/${m.organizationId}/clock/advance`, t.platformKey, payload, 200);
const quote = (m: M, body: object = {}, status = 201) =>
  req('POST', '/v1/anticipations/quotes', m.apiKey, { bank_account_id: m.bankAccountId, ...body }, status);
const create = (m: M, quoteId: string, requestId = randomUUID(), status = 201) =>
  req('POST', '/v1/anticipations', m.apiKey, { request_id: requestId, quote_id: quoteId }, status);
const decide = (id: string, decision: 'APPROVED' | 'REFUSED', status = 200) =>
  req('POST', `/v1/platform/sandbox/anticipations/${id}/decision`, t.platformKey, { decision }, status);
const reasonOf = (res: { json(): any }) => res.json().error?.details?.reason ?? res.json().details?.reason;

describe('limits and quotes (M4)', () => {
  it('answers ANTICIPATION_NOT_CONFIGURED without an effective fee policy', async () => {
    const m = await setup({ policy: false });
    await payment(m);
    const res = await req(
      'GET',
      `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits`,
      m.apiKey,
      undefined,
      409,
    );
    expect(reasonOf(res)).toBe('ANTICIPATION_NOT_CONFIGURED');
    expect(reasonOf(await quote(m, {}, 409))).toBe('ANTICIPATION_NOT_CONFIGURED');
  });

  it('limits: minimum the first in timeframe order, maximum all; fees by the integer formula', async () => {
    const m = await setup();
    const tr = await payment(m);
    const rows = await merchantReceivables(tr.id);
    const d = today(m);
    const fees = rows.map((r) => anticipationFee(r.netAmount, rate, daysBetween(d, r.paymentDate)));
    const start = (
      await req('GET', `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits`, m.apiKey, undefined, 200)
    ).json();
    expect(start).toEqual({
      payment_date: d,
      rate_percentage: 2.99,
      minimum: { amount: 9600, fee_amount: fees[0], net_amount: 9600 - fees[0] },
      maximum: {
        amount: 28_800,
        fee_amount: fees[0] + fees[1] + fees[2],
        net_amount: 28_800 - fees[0] - fees[1] - fees[2],
      },
      receivable_count: 3,
    });
    const end = (
      await req(
        'GET',
        `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits?timeframe=END`,
        m.orgKey,
        undefined,
        200,
      )
    ).json();
    expect(end.minimum.fee_amount).toBe(fees[2]);
    expect((await balance(m)).anticipatable).toBe(28_800);
    await req(
      'GET',
      `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits?payment_date=2000-01-01`,
      m.apiKey,
      undefined,
      400,
    );
  });

  it('quotes whole receivables up to the requested amount; above the maximum is ANTICIPATION_LIMIT_EXCEEDED', async () => {
    const m = await setup();
    const tr = await payment(m);
    const rows = await merchantReceivables(tr.id);
    const q = (await quote(m, { requested_amount: 19_199 })).json();
    expect(q).toMatchObject({
      bank_account_id: m.bankAccountId,
      type: 'SPOT',
      rate_percentage: 2.99,
      payment_date: today(m),
      amount: 9600,
    });
    expect(q.items.map((i: { receivable_id: string }) => i.receivable_id)).toEqual([rows[0].id]);
    expect(q.net_amount).toBe(q.amount - q.fee_amount);
    expect(new Date(q.expires_at).getTime() - t.deps.clock.now(m.organizationId).getTime()).toBeLessThanOrEqual(
      15 * 60_000,
    );
    const ids = (await quote(m, { receivable_ids: [rows[2].id] })).json();
    expect(ids.items.map((i: { receivable_id: string }) => i.receivable_id)).toEqual([rows[2].id]);
    const over = await quote(m, { requested_amount: 28_801 }, 409);
    expect(reasonOf(over)).toBe('ANTICIPATION_LIMIT_EXCEEDED');
    expect(JSON.stringify(over.json())).toContain('28800');
    await quote(m, { receivable_ids: [randomUUID()] }, 404);
    // a receivable of the caller's that is not eligible (due too soon for that date)
    const late = await quote(m, { receivable_ids: [rows[0].id], payment_date: rows[0].paymentDate }, 409);
    expect(late.json().error.details).toMatchObject({
      field: 'receivable_ids',
      value: rows[0].id,
      reason: 'NO_ELIGIBLE_RECEIVABLES',
    });
    await quote(m, { requested_amount: 1, receivable_ids: [rows[0].id] }, 400);
  });

  it('NO_ELIGIBLE_RECEIVABLES with nothing to anticipate; another tenant gets 404', async () => {
    const m = await setup();
    expect(reasonOf(await quote(m, {}, 409))).toBe('NO_ELIGIBLE_RECEIVABLES');
    const other = await setup();
    await req('GET', `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits`, other.orgKey, undefined, 404);
    await quote(other, { bank_account_id: m.bankAccountId }, 404);
  });
});

describe('anticipations (M4)', () => {
  it('create reserves the receivables; the decision completes it with one posting; replays answer the first', async () => {
    const m = await setup();
    const tr = await payment(m);
    const q = (await quote(m, { requested_amount: 19_200, payment_date: tomorrow(m) })).json();
    const requestId = randomUUID();
    const created = (await create(m, q.id, requestId)).json();
    expect(created).toMatchObject({
      request_id: requestId,
      type: 'SPOT',
      status: 'PENDING',
      amount: 19_200,
      fee_amount: q.fee_amount,
      net_amount: q.net_amount,
      completed_at: null,
      refusal_reason: null,
    });
    expect((await create(m, q.id, requestId, 200)).json().id).toBe(created.id);
    const reserved = await merchantReceivables(tr.id);
    expect(reserved.map((r) => r.anticipationId)).toEqual([created.id, created.id, null]);
    // reserved receivables are no longer eligible
    const limits = (
      await req('GET', `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits`, m.apiKey, undefined, 200)
    ).json();
    expect(limits.receivable_count).toBe(1);
    // the same quote again: its receivables are taken
    expect(reasonOf(await create(m, q.id, randomUUID(), 409))).toBe('RECEIVABLES_CHANGED');

    const before = await balance(m);
    const done = (await decide(created.id, 'APPROVED')).json();
    expect(done.status).toBe('COMPLETED');
    expect(done.completed_at).not.toBeNull();
    const after = await balance(m);
    expect(after.pending).toBe(before.pending - 19_200);
    expect(after.available).toBe(before.available + 19_200 - q.fee_amount);
    const paid = await merchantReceivables(tr.id);
    for (const [i, r] of paid.slice(0, 2).entries()) {
      expect(r).toMatchObject({
        status: 'PAID',
        paymentDate: tomorrow(m),
        originalPaymentDate: reserved[i].paymentDate,
        anticipationFeeAmount: q.items[i].fee_amount,
        netAmount: 9600 - q.items[i].fee_amount,
      });
    }
    expect(paid[2].status).toBe('PENDING');
    await decide(created.id, 'APPROVED', 409);
    const evs = await t.db.db
      .select()
      .from(events)
      .where(eq(events.companyId, m.id))
      .orderBy(asc(events.createdAt), asc(events.id));
    const mine = evs.filter((e) => e.type.startsWith('anticipation.'));
    expect(mine.map((e) => e.type)).toEqual(['anticipation.created', 'anticipation.status-changed']);
    for (const e of mine) parseEventPayload(e.type, e.payload);
    const changed = mine[1].payload as {
      old_status: string;
      new_status: string;
      sequence: number;
      bank_account_id: string;
    };
    expect(changed).toMatchObject({ old_status: 'PENDING', new_status: 'COMPLETED', bank_account_id: m.bankAccountId });
    expect(changed.sequence).toBeGreaterThan((mine[0].payload as { sequence: number }).sequence);
    // M4 "organization available +G": the fee waits in REVENUE; the organization's run of the next date sweeps it
    const [orgAccount] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, m.organizationId));
    await advance(m, { seconds: 86_400 });
    // its pending is the payment's fee shares still waiting (REVENUE shown as pending, issue 24, M3)
    const shares = await t.db.db
      .select()
      .from(receivables)
      .where(
        and(
          eq(receivables.transactionId, tr.id),
          eq(receivables.role, 'ORGANIZATION'),
          eq(receivables.status, 'PENDING'),
        ),
      );
    expect(
      (await req('GET', `/v1/banking/bank-accounts/${orgAccount.id}/balance`, m.orgKey, undefined, 200)).json(),
    ).toMatchObject({ available: q.fee_amount, pending: shares.reduce((s, r) => s + r.netAmount, 0) });
    await expectLedgerInvariants(t.db.db);
    // list and get within reach
    expect((await req('GET', `/v1/anticipations/${created.id}`, m.orgKey, undefined, 200)).json().status).toBe(
      'COMPLETED',
    );
    const list = (
      await req(
        'GET',
        `/v1/anticipations?status=COMPLETED&bank_account_id=${m.bankAccountId}`,
        m.apiKey,
        undefined,
        200,
      )
    ).json();
    expect(list.data.map((a: { id: string }) => a.id)).toEqual([created.id]);
    const other = await setup({ policy: false });
    await req('GET', `/v1/anticipations/${created.id}`, other.orgKey, undefined, 404);
  });

  it('QUOTE_EXPIRED after 15 minutes on the clock', async () => {
    const m = await setup();
    await payment(m);
    const q = (await quote(m)).json();
    await advance(m, { seconds: 15 * 60 + 1 });
    expect(reasonOf(await create(m, q.id, randomUUID(), 409))).toBe('QUOTE_EXPIRED');
  });

  it('cancel and refusal release the receivables; terminal states refuse further moves', async () => {
    const m = await setup();
    const tr = await payment(m);
    const a = (await create(m, (await quote(m, { payment_date: tomorrow(m) })).json().id)).json();
    const canceled = (await req('POST', `/v1/anticipations/${a.id}/cancel`, m.apiKey, undefined, 200)).json();
    expect(canceled.status).toBe('CANCELED');
    expect((await merchantReceivables(tr.id)).every((r) => r.anticipationId === null)).toBe(true);
    await req('POST', `/v1/anticipations/${a.id}/cancel`, m.apiKey, undefined, 409);
    await decide(a.id, 'APPROVED', 409);
    const b = (await create(m, (await quote(m, { payment_date: tomorrow(m) })).json().id)).json();
    const refused = (await decide(b.id, 'REFUSED')).json();
    expect(refused).toMatchObject({ status: 'REFUSED', refusal_reason: 'REFUSED_BY_PROVIDER' });
    expect((await merchantReceivables(tr.id)).every((r) => r.anticipationId === null && r.status === 'PENDING')).toBe(
      true,
    );
  });

  it('completes by job at once when dated today, and at its date otherwise', async () => {
    const m = await setup();
    const tr = await payment(m);
    const now = (await create(m, (await quote(m, { requested_amount: 9600 })).json().id)).json();
    await advance(m, { seconds: 1 });
    expect((await req('GET', `/v1/anticipations/${now.id}`, m.apiKey, undefined, 200)).json().status).toBe('COMPLETED');
    const rows = await merchantReceivables(tr.id);
    const later = daysBetween(today(m), rows[1].paymentDate) - 2;
    const date = saoPauloDate(new Date(t.deps.clock.now(m.organizationId).getTime() + later * 86_400_000));
    const future = (await create(m, (await quote(m, { requested_amount: 9600, payment_date: date })).json().id)).json();
    expect(future.payment_date).toBe(date);
    await advance(m, { seconds: 60 });
    expect((await req('GET', `/v1/anticipations/${future.id}`, m.apiKey, undefined, 200)).json().status).toBe(
      'PENDING',
    );
    await advance(m, { to: `${date}T03:00:01Z` });
    const done = (await req('GET', `/v1/anticipations/${future.id}`, m.apiKey, undefined, 200)).json();
    expect(done.status).toBe('COMPLETED');
    expect((await merchantReceivables(tr.id))[1]).toMatchObject({ status: 'PAID', paymentDate: date });
  });

  it('a refund that takes a reserved receivable makes the completion refuse (RECEIVABLES_CHANGED), posting nothing', async () => {
    const m = await setup();
    const tr = await payment(m);
    const a = (await create(m, (await quote(m, { payment_date: tomorrow(m) })).json().id)).json();
    await req('POST', `/v1/transactions/${tr.id}/refunds`, m.apiKey, { amount: 500 }, 201);
    const res = await decide(a.id, 'APPROVED', 409);
    expect(reasonOf(res)).toBe('RECEIVABLES_CHANGED');
    expect((await req('GET', `/v1/anticipations/${a.id}`, m.apiKey, undefined, 200)).json()).toMatchObject({
      status: 'REFUSED',
      refusal_reason: 'RECEIVABLES_CHANGED',
    });
  });

  it('automatic: one AUTOMATIC anticipation per account and day at the automatic rate', async () => {
    const m = await setup();
    const tr = await payment(m);
    expect(
      (await req('GET', `/v1/merchants/${m.id}`, m.orgKey, undefined, 200)).json().anticipation_configurations,
    ).toEqual({ automatic_enabled: false, delay_days: 1 });
    await req('PATCH', `/v1/merchants/${m.id}`, m.orgKey, { anticipation_configurations: { delay_days: 31 } }, 400);
    const patched = (
      await req(
        'PATCH',
        `/v1/merchants/${m.id}`,
        m.orgKey,
        { anticipation_configurations: { automatic_enabled: true } },
        200,
      )
    ).json();
    expect(patched.anticipation_configurations).toEqual({ automatic_enabled: true, delay_days: 1 });
    await advance(m, { seconds: 2 * 86_400 });
    const list = (await req('GET', `/v1/anticipations?type=AUTOMATIC`, m.apiKey, undefined, 200)).json();
    expect(list.data).toHaveLength(1);
    const auto = list.data[0];
    expect(auto).toMatchObject({ type: 'AUTOMATIC', status: 'COMPLETED', rate_percentage: 1.5, amount: 28_800 });
    expect(auto.request_id).toBe(`auto-anticipation:${m.bankAccountId}:${auto.payment_date}`);
    expect((await merchantReceivables(tr.id)).every((r) => r.status === 'PAID' && r.anticipationId === auto.id)).toBe(
      true,
    );
  });

  it('concurrency: two creates over the same receivables reserve them once; two approvals post once', async () => {
    const m = await setup();
    await payment(m);
    const [q1, q2] = [
      (await quote(m, { payment_date: tomorrow(m) })).json(),
      (await quote(m, { payment_date: tomorrow(m) })).json(),
    ];
    const results = await Promise.all(
      [q1, q2].map((q) =>
        t.request({
          method: 'POST',
          url: '/core/v1/anticipations',
          key: m.apiKey,
          payload: { request_id: randomUUID(), quote_id: q.id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(reasonOf(results.find((r) => r.statusCode === 409)!)).toBe('RECEIVABLES_CHANGED');
    const id = results.find((r) => r.statusCode === 201)!.json().id as string;
    const decisions = await Promise.all(
      [1, 2].map(() =>
        t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/anticipations/${id}/decision`,
          key: t.platformKey,
          payload: { decision: 'APPROVED' },
        }),
      ),
    );
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const posted = await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.sourceType, 'ANTICIPATION'), eq(ledgerTransactions.sourceId, id)));
    expect(posted.map((p) => p.code)).toEqual(['ANTICIPATION_COMPLETED']);
    const b = await balance(m);
    expect(b.pending).toBe(0);
    expect(b.available).toBe(28_800 - q1.fee_amount);
  });

  it('automatic: waits delay_days São Paulo days after the approval', async () => {
    const m = await setup();
    const tr = await payment(m);
    const captured = saoPauloDate(tr.capturedAt ?? tr.createdAt);
    await req(
      'PATCH',
      `/v1/merchants/${m.id}`,
      m.orgKey,
      { anticipation_configurations: { automatic_enabled: true, delay_days: 3 } },
      200,
    );
    const plus = (n: number) => new Date(Date.parse(`${captured}T03:06:00Z`) + n * 86_400_000).toISOString();
    await advance(m, { to: plus(2) });
    expect((await req('GET', '/v1/anticipations?type=AUTOMATIC', m.apiKey, undefined, 200)).json().data).toEqual([]);
    await advance(m, { to: plus(3) });
    const list = (await req('GET', '/v1/anticipations?type=AUTOMATIC', m.apiKey, undefined, 200)).json();
    expect(list.data.map((a: { payment_date: string; status: string }) => [a.payment_date, a.status])).toEqual([
      [plus(3).slice(0, 10), 'COMPLETED'],
    ]);
  });

  it("an open dispute makes the transaction's receivables ineligible and a pending anticipation of them refuse", async () => {
    const m = await setup();
    const tr = await payment(m);
    const a = (await create(m, (await quote(m, { payment_date: tomorrow(m) })).json().id)).json();
    await req(
      'POST',
      `/v1/platform/sandbox/transactions/${tr.id}/disputes`,
      t.platformKey,
      { amount: 100, reason: 'FRAUD' },
      201,
    );
    await quote(m, {}, 409);
    expect(reasonOf(await decide(a.id, 'APPROVED', 409))).toBe('RECEIVABLES_CHANGED');
    const limits = (
      await req('GET', `/v1/banking/bank-accounts/${m.bankAccountId}/anticipation-limits`, m.apiKey, undefined, 200)
    ).json();
    expect(limits.receivable_count).toBe(0);
  });

  it('concurrency: a create, a refund and the completion of the same receivables leave the ledger whole', async () => {
    const m = await setup();
    const tr = await payment(m);
    const q = (await quote(m, { payment_date: tomorrow(m) })).json();
    const [created, refunded] = await Promise.all([
      t.request({
        method: 'POST',
        url: '/core/v1/anticipations',
        key: m.apiKey,
        payload: { request_id: randomUUID(), quote_id: q.id },
      }),
      t.request({
        method: 'POST',
        url: `/core/v1/transactions/${tr.id}/refunds`,
        key: m.apiKey,
        payload: { amount: 700 },
      }),
    ]);
    expect(refunded.statusCode, refunded.body).toBe(201);
    expect([201, 409]).toContain(created.statusCode);
    if (created.statusCode === 201) {
      expect(reasonOf(await decide(created.json().id, 'APPROVED', 409))).toBe('RECEIVABLES_CHANGED');
    } else expect(reasonOf(created)).toBe('RECEIVABLES_CHANGED');
    const rows = await merchantReceivables(tr.id);
    expect(rows.filter((r) => r.status === 'PENDING').every((r) => r.anticipationId === null)).toBe(true);
  });
});
