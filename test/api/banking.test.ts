import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { events, ledgerPostings } from '../../src/db/schema/index.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const openAccount = async (key: string, provider = 'PROVIDER_A', extra: Record<string, unknown> = {}) => {
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/bank-accounts',
    key,
    payload: { provider, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
};
const deposit = (id: string, amount: unknown) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/bank-accounts/${id}/deposits`,
    key: t.platformKey,
    payload: { amount },
  });
const account = async (key: string, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key })).json();
const transfer = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key, payload });
const report = (id: string, status: string, error_message?: string) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/internal-transfers/${id}/status`,
    key: t.platformKey,
    payload: { status, ...(error_message ? { error_message } : {}) },
  });
// A loaded server sheds load with 503 + Retry-After (or the pool's connect timeout): a client retries those.
const reportRetrying = async (id: string, status: string) => {
  for (let attempt = 0; ; attempt++) {
    const res = await report(id, status);
    if (res.statusCode !== 503 || attempt === 5) return res;
    await new Promise((r) => setTimeout(r, 500));
  }
};
const eventsOf = (transferId: string) =>
  t.db.db
    .select()
    .from(events)
    .where(
      and(
        inArray(events.type, ['internal-transfer.created', 'internal-transfer.status-changed']),
        sql`${events.payload}::text like ${`%${transferId}%`}`,
      ),
    )
    .orderBy(events.createdAt);

async function funded(amount = 10_000) {
  const org = await t.createOrganization();
  const a = await openAccount(org.apiKey);
  const b = await openAccount(org.apiKey);
  expect((await deposit(a.id, amount)).json().balance).toEqual({ available: amount, held: 0, pending: 0, debt: 0 });
  return { org, a, b };
}

describe('bank accounts', () => {
  it('opens accounts for the caller and its merchants, within reach only', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const own = await openAccount(org.apiKey, 'provider_b');
    expect(own).toMatchObject({
      company_id: org.id,
      provider: 'PROVIDER_B',
      status: 'ACTIVE',
      balance: { available: 0, held: 0 },
    });
    expect(own.account_number).toMatch(/^\d+$/);
    const forMerchant = await openAccount(org.apiKey, 'PROVIDER_A', { company_id: m.id });
    expect(forMerchant.company_id).toBe(m.id);
    const byMerchant = await openAccount(m.apiKey);
    expect(byMerchant.company_id).toBe(m.id);

    const other = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/banking/bank-accounts',
          key: other.apiKey,
          payload: { provider: 'PROVIDER_A', company_id: m.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${own.id}`, key: other.apiKey }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${own.id}`, key: m.apiKey })).statusCode,
    ).toBe(404);

    const list = (await t.request({ method: 'GET', url: '/core/v1/banking/bank-accounts', key: org.apiKey })).json();
    expect(list.pagination.total).toBe(3);
    const mine = (await t.request({ method: 'GET', url: '/core/v1/banking/bank-accounts', key: m.apiKey })).json();
    expect(mine.data.map((x: { id: string }) => x.id).sort()).toEqual([forMerchant.id, byMerchant.id].sort());
    const filtered = (
      await t.request({
        method: 'GET',
        url: `/core/v1/banking/bank-accounts?provider=provider_b&company_id=${org.id}`,
        key: org.apiKey,
      })
    ).json();
    expect(filtered.data.map((x: { id: string }) => x.id)).toEqual([own.id]);

    const bad = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'NOPE' },
    });
    expect(bad.json().error.details.issues[0]).toMatchObject({ field: 'provider', type: 'INVALID_ENUM' });
  });

  it('replays an open with the same request_id', async () => {
    const org = await t.createOrganization();
    const first = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A', request_id: 'acc-1' },
    });
    const again = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A', request_id: 'acc-1' },
    });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
  });

  it('deposits only whole positive cents, through the platform key', async () => {
    const org = await t.createOrganization();
    const a = await openAccount(org.apiKey);
    for (const amount of [0, -5, 1.5, '100']) expect((await deposit(a.id, amount)).statusCode).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`,
          key: org.apiKey,
          payload: { amount: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await deposit('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect((await deposit(a.id, 250)).json().balance).toEqual({ available: 250, held: 0, pending: 0, debt: 0 });
  });
});

describe('internal transfers', () => {
  it('holds on create, replays the request_id, moves on COMPLETED with both events', async () => {
    const { org, a, b } = await funded(10_000);
    const body = {
      request_id: 'tr-1',
      origin_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 2_500,
      metadata: { order: 'o-1' },
    };
    const created = await transfer(org.apiKey, body);
    expect(created.statusCode).toBe(201);
    const tr = created.json();
    expect(tr).toMatchObject({
      request_id: 'tr-1',
      company_id: org.id,
      amount: 2_500,
      status: 'PENDING',
      metadata: { order: 'o-1' },
    });
    expect(tr.provider_transfer_id).toBeTruthy();
    expect(tr.error_message).toBeUndefined();
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 7_500, held: 2_500, pending: 0, debt: 0 });

    const again = await transfer(org.apiKey, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(tr.id);
    const changed = await transfer(org.apiKey, { ...body, amount: 1 });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.details).toEqual({ field: 'request_id', value: 'tr-1' });
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 7_500, held: 2_500, pending: 0, debt: 0 });

    expect((await report(tr.id, 'processing')).json().status).toBe('PROCESSING');
    const done = await report(tr.id, 'COMPLETED');
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('COMPLETED');
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 7_500, held: 0, pending: 0, debt: 0 });
    expect((await account(org.apiKey, b.id)).balance).toEqual({ available: 2_500, held: 0, pending: 0, debt: 0 });

    const evs = await eventsOf(tr.id);
    expect(evs.map((e) => e.type)).toEqual([
      'internal-transfer.created',
      'internal-transfer.status-changed',
      'internal-transfer.status-changed',
    ]);
    expect(evs[2]!.payload).toEqual({ internal_transfer_id: tr.id, old_status: 'PROCESSING', new_status: 'COMPLETED' });
    expect(evs.every((e) => e.companyId === org.id && e.organizationId === org.id)).toBe(true);

    const illegal = await report(tr.id, 'FAILED');
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json().error.code).toBe('CONFLICT_ERROR');

    // Every posting of the ledger balances, and the ledger agrees with the cached balances.
    const sums = await t.db.db
      .select({
        code: ledgerPostings.code,
        total: sql<string>`sum(case when ${ledgerPostings.direction} = 'DEBIT' then ${ledgerPostings.amount} else -${ledgerPostings.amount} end)`,
      })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.sourceType, 'INTERNAL_TRANSFER'), eq(ledgerPostings.sourceId, tr.id)))
      .groupBy(ledgerPostings.transactionId, ledgerPostings.code);
    expect(sums.map((x) => x.code).sort()).toEqual(['INTERNAL_TRANSFER_COMPLETED', 'INTERNAL_TRANSFER_HOLD']);
    expect(sums.every((s) => Number(s.total) === 0)).toBe(true);
  });

  it('releases the hold on FAILED and carries error_message', async () => {
    const { org, a, b } = await funded(1_000);
    const tr = (
      await transfer(org.apiKey, {
        request_id: 'f-1',
        origin_bank_account_id: a.id,
        destination_bank_account_id: b.id,
        amount: 600,
      })
    ).json();
    const failed = await report(tr.id, 'FAILED', 'Destination blocked');
    expect(failed.json()).toMatchObject({ status: 'FAILED', error_message: 'Destination blocked' });
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 1_000, held: 0, pending: 0, debt: 0 });
    expect((await account(org.apiKey, b.id)).balance).toEqual({ available: 0, held: 0, pending: 0, debt: 0 });
    const evs = await eventsOf(tr.id);
    expect(evs[1]!.payload).toEqual({
      internal_transfer_id: tr.id,
      old_status: 'PENDING',
      new_status: 'FAILED',
      error_message: 'Destination blocked',
    });
    expect((await report(tr.id, 'PROCESSING')).statusCode).toBe(409);
    expect((await report(tr.id, 'COMPLETED')).statusCode).toBe(409);
  });

  it('fails the transfer and releases the hold when the provider refuses it', async () => {
    const org = await t.createOrganization();
    const a = await openAccount(org.apiKey, 'PROVIDER_B');
    const b = await openAccount(org.apiKey, 'PROVIDER_B');
    await deposit(a.id, 800);
    (t.deps.providers.get('PROVIDER_B') as SandboxProvider).faults.inject('internal-transfer.submit', {
      kind: 'refused',
      code: 'ACCOUNT_BLOCKED',
      message: 'account blocked',
    });
    const res = await transfer(org.apiKey, {
      request_id: 'refused',
      origin_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 500,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'FAILED',
      error_message: expect.stringContaining('account blocked'),
      provider_transfer_id: null,
    });
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 800, held: 0, pending: 0, debt: 0 });
  });

  it('refuses illegal moves from PENDING', async () => {
    const { org, a, b } = await funded(1_000);
    const tr = (
      await transfer(org.apiKey, {
        request_id: 'm-1',
        origin_bank_account_id: a.id,
        destination_bank_account_id: b.id,
        amount: 10,
      })
    ).json();
    expect((await report(tr.id, 'COMPLETED')).statusCode).toBe(409);
    expect((await report(tr.id, 'PENDING')).statusCode).toBe(409);
    expect((await report(tr.id, 'BOGUS')).statusCode).toBe(400);
    expect((await report('00000000-0000-4000-8000-000000000000', 'PROCESSING')).statusCode).toBe(404);
  });

  it('validates input: request_id, amounts, accounts, providers, balance', async () => {
    const { org, a, b } = await funded(500);
    const base = { request_id: 'v-1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 100 };
    const noReq = await transfer(org.apiKey, { ...base, request_id: undefined });
    expect(noReq.json().error.details.issues[0]).toMatchObject({ field: 'request_id', type: 'REQUIRED' });
    for (const amount of [0, -1, 1.5, '100']) {
      const res = await transfer(org.apiKey, { ...base, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const same = await transfer(org.apiKey, { ...base, destination_bank_account_id: a.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'destination_bank_account_id' },
    });
    const otherProvider = await openAccount(org.apiKey, 'PROVIDER_B');
    const cross = await transfer(org.apiKey, { ...base, destination_bank_account_id: otherProvider.id });
    expect(cross.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'destination_bank_account_id' },
    });
    const tooMuch = await transfer(org.apiKey, { ...base, amount: 501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.details).toEqual({ field: 'amount', value: 501 });
    const stranger = await t.createOrganization();
    const foreign = await openAccount(stranger.apiKey);
    expect((await transfer(org.apiKey, { ...base, destination_bank_account_id: foreign.id })).statusCode).toBe(404);
    expect((await transfer(stranger.apiKey, { ...base, destination_bank_account_id: foreign.id })).statusCode).toBe(
      404,
    );
    // Nothing half-written: the rejected requests held nothing, and their request_id is still free.
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 500, held: 0, pending: 0, debt: 0 });
    expect((await transfer(org.apiKey, base)).statusCode).toBe(201);
  });

  it('is organization-only to create; merchants read the transfers touching their accounts', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const other = await t.createMerchant(org.apiKey);
    const orgAcc = await openAccount(org.apiKey);
    const mAcc = await openAccount(org.apiKey, 'PROVIDER_A', { company_id: m.id });
    const otherAcc = await openAccount(org.apiKey, 'PROVIDER_A', { company_id: other.id });
    await deposit(orgAcc.id, 1_000);
    const denied = await transfer(m.apiKey, {
      request_id: 'x',
      origin_bank_account_id: mAcc.id,
      destination_bank_account_id: orgAcc.id,
      amount: 1,
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('AUTHORIZATION_ERROR');

    const toM = (
      await transfer(org.apiKey, {
        request_id: 'to-m',
        origin_bank_account_id: orgAcc.id,
        destination_bank_account_id: mAcc.id,
        amount: 100,
      })
    ).json();
    const toOther = (
      await transfer(org.apiKey, {
        request_id: 'to-o',
        origin_bank_account_id: orgAcc.id,
        destination_bank_account_id: otherAcc.id,
        amount: 200,
      })
    ).json();
    const mList = (
      await t.request({ method: 'GET', url: '/core/v1/banking/internal-transfers', key: m.apiKey })
    ).json();
    expect(mList.data.map((x: { id: string }) => x.id)).toEqual([toM.id]);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers/${toM.id}`, key: m.apiKey }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers/${toOther.id}`, key: m.apiKey }))
        .statusCode,
    ).toBe(404);
    const stranger = await t.createOrganization();
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers/${toM.id}`, key: stranger.apiKey }))
        .statusCode,
    ).toBe(404);

    await report(toOther.id, 'FAILED');
    const list = async (qs: string) =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers?${qs}`, key: org.apiKey })).json();
    expect((await list('')).data.map((x: { id: string }) => x.id)).toEqual([toOther.id, toM.id]);
    expect((await list('status=FAILED')).data.map((x: { id: string }) => x.id)).toEqual([toOther.id]);
    expect((await list('amount_from=150&amount_to=200')).data.map((x: { id: string }) => x.id)).toEqual([toOther.id]);
    expect((await list('sort=amount')).data.map((x: { id: string }) => x.id)).toEqual([toM.id, toOther.id]);
    expect((await list(`created_at_from=${encodeURIComponent(toM.created_at)}&status=PENDING`)).pagination.total).toBe(
      1,
    );
    const bad = await t.request({
      method: 'GET',
      url: '/core/v1/banking/internal-transfers?status=NOPE',
      key: org.apiKey,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('creates exactly one transfer for concurrent duplicates of a request_id', async () => {
    const { org, a, b } = await funded(1_000);
    const body = { request_id: 'dup-1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 300 };
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(org.apiKey, body)));
    expect(results.filter((r) => r.statusCode === 201).length).toBe(1);
    expect(results.every((r) => [200, 201].includes(r.statusCode))).toBe(true);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 700, held: 300, pending: 0, debt: 0 });
  });

  it('keeps ledger entries immutable', async () => {
    const { a } = await funded(100);
    await expect(
      t.db.db.update(ledgerPostings).set({ amount: 1_000_000 }).where(eq(ledgerPostings.accountId, a.id)),
    ).rejects.toThrow();
    await expect(t.db.db.delete(ledgerPostings).where(eq(ledgerPostings.accountId, a.id))).rejects.toThrow();
  });

  it('never overdraws under 100 concurrent transfers and never changes the total', async () => {
    const { org, a, b } = await funded(5_000);
    const c = await openAccount(org.apiKey);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        transfer(org.apiKey, {
          request_id: `c-${i}`,
          origin_bank_account_id: a.id,
          destination_bank_account_id: i % 2 ? b.id : c.id,
          amount: 100,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 201).length).toBe(50);
    expect(codes.filter((s) => s === 409).length).toBe(50);
    expect((await account(org.apiKey, a.id)).balance).toEqual({ available: 0, held: 5_000, pending: 0, debt: 0 });

    const ids = results.filter((r) => r.statusCode === 201).map((r) => r.json().id as string);
    await Promise.all(
      ids.map(async (id, i) => {
        const r1 = await reportRetrying(id, 'PROCESSING');
        const r2 = await reportRetrying(id, i % 3 === 0 ? 'FAILED' : 'COMPLETED');
        expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
      }),
    );
    const balances = await Promise.all([a, b, c].map(async (x) => (await account(org.apiKey, x.id)).balance));
    expect(balances.every((bal) => bal.available >= 0 && bal.held === 0)).toBe(true);
    expect(balances.reduce((s, bal) => s + bal.available + bal.held, 0)).toBe(5_000);
    const failed = ids.filter((_, i) => i % 3 === 0).length;
    expect(balances[0].available).toBe(failed * 100);
    // The cached balances are exactly what the immutable ledger says.
    for (const [i, x] of [a, b, c].entries()) {
      const rows = await t.db.db
        .select({ bucket: ledgerPostings.balanceType, total: sql<string>`sum(${ledgerPostings.delta})` })
        .from(ledgerPostings)
        .where(eq(ledgerPostings.accountId, x.id))
        .groupBy(ledgerPostings.balanceType);
      const sum = (bucket: string) => Number(rows.find((r) => r.bucket === bucket)?.total ?? 0);
      expect({ available: sum('AVAILABLE'), held: sum('HELD'), pending: sum('PENDING'), debt: sum('DEBT') }).toEqual(
        balances[i],
      );
    }
  }, 90_000); // 200 requests racing on one account: slow on a loaded 2-core machine
});
