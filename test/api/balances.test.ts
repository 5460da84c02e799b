import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { events } from '../../src/db/schema/index.js';
import { post } from '../../src/ledger/ledger.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * money.md M3 balances over HTTP: the four balances on the bank account, the balance endpoint now and `?at=`
 * (replayed from the entries, equal to the balance seen at each step), and a merchant's balances with totals.
 * Deposits and internal transfers move the money (the postings that exist today).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const ZERO = { pending: 0, available: 0, held: 0, debt: 0 };
const openAccount = async (key: string, extra: Record<string, unknown> = {}) => {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/bank-accounts',
    key,
    payload: { provider: 'PROVIDER_A', ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const deposit = async (id: string, amount: number) =>
  expect(
    (
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/bank-accounts/${id}/deposits`,
        key: t.platformKey,
        payload: { amount },
      })
    ).statusCode,
  ).toBe(200);
const transfer = async (key: string, origin: string, destination: string, amount: number) => {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/internal-transfers',
    key,
    payload: {
      request_id: crypto.randomUUID(),
      origin_bank_account_id: origin,
      destination_bank_account_id: destination,
      amount,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};
const report = async (id: string, status: string) =>
  expect(
    (
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/internal-transfers/${id}/status`,
        key: t.platformKey,
        payload: { status },
      })
    ).statusCode,
  ).toBe(200);
const advance = async (orgId: string, seconds: number) =>
  expect(
    (
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/organizations/${orgId}/clock/advance`,
        key: t.platformKey,
        payload: { seconds },
      })
    ).statusCode,
  ).toBe(200);
const balance = (key: string, id: string, at?: string) =>
  t.request({
    method: 'GET',
    url: `/core/v1/banking/bank-accounts/${id}/balance${at ? `?at=${encodeURIComponent(at)}` : ''}`,
    key,
  });
const four = (b: Record<string, unknown>) => ({
  pending: b.pending,
  available: b.available,
  held: b.held,
  debt: b.debt,
});

describe('balances', () => {
  it('a new account: four zero balances on the resource and the balance endpoint', async () => {
    const org = await t.createOrganization();
    const a = await openAccount(org.apiKey);
    expect(a.balance).toEqual({ available: 0, held: 0, pending: 0, debt: 0 });
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${a.id}`, key: org.apiKey })).json()
        .balance,
    ).toEqual(ZERO);
    const res = await balance(org.apiKey, a.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'anticipatable',
      'as_of',
      'available',
      'bank_account_id',
      'company_id',
      'currency',
      'debt',
      'held',
      'pending',
      'provider',
    ]);
    expect(body).toMatchObject({
      bank_account_id: a.id,
      company_id: org.id,
      provider: 'PROVIDER_A',
      currency: 'BRL',
      ...ZERO,
      anticipatable: 0,
    });
    expect(Math.abs(Date.parse(body.as_of) - Date.now())).toBeLessThan(60_000);
  });

  it('?at= replays the entries: equal to the balance seen after each step, zeros before the account, 400 in the future', async () => {
    const org = await t.createOrganization();
    const a = await openAccount(org.apiKey);
    const b = await openAccount(org.apiKey);
    const seen: { as_of: string; a: object; b: object }[] = [];
    const snapshot = async () => {
      const [ra, rb] = [(await balance(org.apiKey, a.id)).json(), (await balance(org.apiKey, b.id)).json()];
      seen.push({ as_of: ra.as_of, a: four(ra), b: four(rb) });
      // The resource agrees with the balance endpoint.
      expect(
        (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${a.id}`, key: org.apiKey })).json()
          .balance,
      ).toEqual(four(ra));
      await advance(org.id, 60);
    };
    await snapshot();
    await deposit(a.id, 10_000);
    await snapshot();
    const done = await transfer(org.apiKey, a.id, b.id, 2_500);
    await snapshot();
    await report(done, 'PROCESSING');
    await report(done, 'COMPLETED');
    await snapshot();
    const failed = await transfer(org.apiKey, a.id, b.id, 1_000);
    await snapshot();
    await report(failed, 'FAILED');
    await deposit(b.id, 7);
    await snapshot();

    expect(seen.map((s) => s.a)).toEqual([
      ZERO,
      { ...ZERO, available: 10_000 },
      { ...ZERO, available: 7_500, held: 2_500 },
      { ...ZERO, available: 7_500 },
      { ...ZERO, available: 6_500, held: 1_000 },
      { ...ZERO, available: 7_500 },
    ]);
    expect(seen.at(-1)!.b).toEqual({ ...ZERO, available: 2_507 });
    for (const s of seen) {
      const [ra, rb] = [
        (await balance(org.apiKey, a.id, s.as_of)).json(),
        (await balance(org.apiKey, b.id, s.as_of)).json(),
      ];
      expect({ as_of: ra.as_of, a: four(ra), b: four(rb) }).toEqual(s);
      expect(rb.as_of).toBe(s.as_of);
    }
    // Between two steps: still the earlier step's balances.
    const mid = new Date(Date.parse(seen[2].as_of) + 30_000).toISOString();
    expect(four((await balance(org.apiKey, a.id, mid)).json())).toEqual(seen[2].a);

    const before = await balance(org.apiKey, a.id, '2001-01-01T00:00:00Z');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ ...ZERO, anticipatable: 0, as_of: '2001-01-01T00:00:00.000Z' });

    // The organization's clock runs ahead of real time here: its "now" is not the future, a minute later is.
    const orgNow = Date.parse(seen.at(-1)!.as_of) + 60_000;
    expect((await balance(org.apiKey, a.id, new Date(orgNow - 1_000).toISOString())).statusCode).toBe(200);
    const future = await balance(org.apiKey, a.id, new Date(orgNow + 3_600_000).toISOString());
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'at' } });
    for (const bad of ['yesterday', '2026-13-45T00:00:00Z', '99999-01-01T00:00:00Z']) {
      expect((await balance(org.apiKey, a.id, bad)).json().error.code, bad).toBe('VALIDATION_ERROR');
    }
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/banking/bank-accounts/${a.id}/balance?other=1`,
          key: org.apiKey,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reach: another tenant, a sibling merchant and an unknown id answer 404', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const sibling = await t.createMerchant(org.apiKey);
    const other = await t.createOrganization();
    const own = await openAccount(org.apiKey);
    const ofM = await openAccount(org.apiKey, { company_id: m.id });
    expect((await balance(org.apiKey, ofM.id)).statusCode).toBe(200);
    expect((await balance(m.apiKey, ofM.id)).statusCode).toBe(200);
    for (const [key, id] of [
      [other.apiKey, own.id],
      [other.apiKey, ofM.id],
      [m.apiKey, own.id],
      [sibling.apiKey, ofM.id],
      [org.apiKey, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const res = await balance(key, id, '2001-01-01T00:00:00Z');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await balance(org.apiKey, 'not-a-uuid')).json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'id' },
    });
  });
});

describe('debt', () => {
  it('a deposit repays debt first: balances, ?at= and balance.debt-changed with the sequence', async () => {
    const org = await t.createOrganization();
    const a = await openAccount(org.apiKey);
    // Debt as a refund or a dispute will leave it (M3): an ADJUSTMENT that debits the account's debt against clearing.
    const adjusted = t.deps.clock.now(org.id);
    await t.db.db.transaction((tx) =>
      post(tx, {
        code: 'ADJUSTMENT',
        source: { type: 'ADJUSTMENT', id: randomUUID() },
        now: adjusted,
        postings: [
          { account: { type: 'BANK_ACCOUNT', id: a.id, balance: 'DEBT' }, direction: 'DEBIT', amount: 100 },
          { account: { type: 'CLEARING', provider: 'PROVIDER_A' }, direction: 'CREDIT', amount: 100 },
        ],
      }),
    );
    expect(four((await balance(org.apiKey, a.id)).json())).toEqual({ ...ZERO, debt: 100 });
    await advance(org.id, 60);
    await deposit(a.id, 300);
    expect(four((await balance(org.apiKey, a.id)).json())).toEqual({ ...ZERO, available: 200 });
    expect(four((await balance(org.apiKey, a.id, adjusted.toISOString())).json())).toEqual({ ...ZERO, debt: 100 });

    const evs = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.type, 'balance.debt-changed'), sql`${events.payload}->>'bank_account_id' = ${a.id}`));
    expect(evs.map((e) => e.payload)).toEqual([{ bank_account_id: a.id, old_debt: 100, new_debt: 0, sequence: 3 }]);
    expect(evs[0]).toMatchObject({ companyId: org.id, organizationId: org.id });
    expect(parseEventPayload('balance.debt-changed', evs[0].payload).success).toBe(true);
    // A deposit with no debt to repay says nothing.
    await deposit(a.id, 5);
    expect(
      await t.db.db
        .select()
        .from(events)
        .where(and(eq(events.type, 'balance.debt-changed'), sql`${events.payload}->>'bank_account_id' = ${a.id}`)),
    ).toHaveLength(1);
  });
});

describe('merchant balances', () => {
  it('lists every account of the merchant with totals; outside reach is 404', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const a = await openAccount(org.apiKey, { company_id: m.id });
    const b = await openAccount(m.apiKey, { provider: 'PROVIDER_B' });
    const c = await openAccount(m.apiKey);
    const orgAccount = await openAccount(org.apiKey);
    await deposit(a.id, 1_000);
    await deposit(b.id, 300);
    await deposit(orgAccount.id, 5_000);
    const tr = await transfer(org.apiKey, orgAccount.id, c.id, 400);

    const read = async (key: string, id = m.id) =>
      t.request({ method: 'GET', url: `/core/v1/merchants/${id}/balances`, key });
    for (const key of [org.apiKey, m.apiKey]) {
      const res = await read(key);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((x: { bank_account_id: string }) => x.bank_account_id)).toEqual([a.id, b.id, c.id]);
      expect(body.data.map(four)).toEqual([{ ...ZERO, available: 1_000 }, { ...ZERO, available: 300 }, ZERO]);
      expect(body.data[1]).toMatchObject({
        company_id: m.id,
        provider: 'PROVIDER_B',
        currency: 'BRL',
        anticipatable: 0,
      });
      expect(body.totals).toEqual({ ...ZERO, available: 1_300 });
    }
    await report(tr, 'PROCESSING');
    await report(tr, 'COMPLETED');
    expect((await read(m.apiKey)).json().totals).toEqual({ ...ZERO, available: 1_700 });
    // The organization reads its own accounts the same way (its own id is in reach).
    expect((await read(org.apiKey, org.id)).json().totals).toEqual({ ...ZERO, available: 4_600 });

    const other = await t.createOrganization();
    const sibling = await t.createMerchant(org.apiKey);
    for (const [key, id] of [
      [other.apiKey, m.id],
      [sibling.apiKey, m.id],
      [m.apiKey, org.id],
    ])
      expect((await read(key, id)).statusCode).toBe(404);
    expect((await read(sibling.apiKey, sibling.id)).json()).toEqual({ data: [], totals: ZERO });
  });
});
