import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../src/ledger/ledger.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createRole, createVerifiedUser } from '../helpers/users.js';

/**
 * money.md M3 ledger API over HTTP: entries (per-account gap-free sequences, signed amounts, resulting
 * balances, filters, sorts and list conventions of product.md §2) within reach, one ledger transaction with
 * its postings (outside reach: no company), and the staff integrity check (difference 0, no mismatch).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

type Entry = {
  id: string;
  ledger_transaction_id: string;
  sequence: number;
  bank_account_id: string;
  company_id: string;
  balance_type: string;
  amount: number;
  resulting_balance: number;
  code: string;
  source: { type: string; id: string };
  created_at: string;
};

const ok = async (res: { statusCode: number; body: string }, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return JSON.parse(res.body);
};
const openAccount = async (key: string, extra: Record<string, unknown> = {}) =>
  (
    await ok(
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key,
        payload: { provider: 'PROVIDER_A', ...extra },
      }),
      201,
    )
  ).id as string;
const advance = (orgId: string) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${orgId}/clock/advance`,
    key: t.platformKey,
    payload: { seconds: 60 },
  });
const entries = (key: string, qs = '') =>
  t.request({ method: 'GET', url: `/core/v1/ledger/entries${qs ? `?${qs}` : ''}`, key });
const ledgerTx = (key: string, id: string) =>
  t.request({ method: 'GET', url: `/core/v1/ledger/transactions/${id}`, key });

/** An organization with a merchant; a deposit on the organization's account, then a completed transfer to the merchant's. */
async function scenario() {
  const org = await t.createOrganization();
  const m = await t.createMerchant(org.apiKey);
  const a = await openAccount(org.apiKey);
  const b = await openAccount(org.apiKey, { company_id: m.id });
  await ok(
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/bank-accounts/${a}/deposits`,
      key: t.platformKey,
      payload: { amount: 10_000 },
    }),
  );
  await advance(org.id);
  const tr = (
    await ok(
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/internal-transfers',
        key: org.apiKey,
        payload: { request_id: randomUUID(), origin_bank_account_id: a, destination_bank_account_id: b, amount: 2_500 },
      }),
      201,
    )
  ).id as string;
  await advance(org.id);
  for (const status of ['PROCESSING', 'COMPLETED'])
    await ok(
      await t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/internal-transfers/${tr}/status`,
        key: t.platformKey,
        payload: { status },
      }),
    );
  return { org, m, a, b, tr };
}

describe('GET /v1/ledger/entries', () => {
  it('per account: sequences 1..n, signed amounts, resulting balances, codes and sources', async () => {
    const { org, a, b, tr } = await scenario();
    const ofA: Entry[] = (await ok(await entries(org.apiKey, `bank_account_id=${a}&sort=sequence`))).data;
    expect(Object.keys(ofA[0]!).sort()).toEqual(
      [
        'amount',
        'bank_account_id',
        'code',
        'company_id',
        'created_at',
        'id',
        'ledger_transaction_id',
        'provider',
        'resulting_balance',
        'sequence',
        'source',
      ]
        .concat('balance_type')
        .sort(),
    );
    expect(ofA.map((e) => [e.sequence, e.code, e.balance_type, e.amount, e.resulting_balance])).toEqual([
      [1, 'DEPOSIT', 'AVAILABLE', 10_000, 10_000],
      [2, 'INTERNAL_TRANSFER_HOLD', 'AVAILABLE', -2_500, 7_500],
      [3, 'INTERNAL_TRANSFER_HOLD', 'HELD', 2_500, 2_500],
      [4, 'INTERNAL_TRANSFER_COMPLETED', 'HELD', -2_500, 0],
    ]);
    expect(ofA[0]!.source.type).toBe('DEPOSIT');
    expect(ofA.slice(1).every((e) => e.source.type === 'INTERNAL_TRANSFER' && e.source.id === tr)).toBe(true);
    expect(ofA.every((e) => e.company_id === org.id && e.bank_account_id === a)).toBe(true);
    const ofB: Entry[] = (await ok(await entries(org.apiKey, `bank_account_id=${b}`))).data;
    expect(ofB.map((e) => [e.sequence, e.code, e.balance_type, e.amount, e.resulting_balance])).toEqual([
      [1, 'INTERNAL_TRANSFER_COMPLETED', 'AVAILABLE', 2_500, 2_500],
    ]);
    expect(ofB[0]!.ledger_transaction_id).toBe(ofA[3]!.ledger_transaction_id);
    // The last entry of each balance is the balance.
    const bal = await ok(
      await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${a}/balance`, key: org.apiKey }),
    );
    expect({ available: bal.available, held: bal.held }).toEqual({ available: 7_500, held: 0 });
  });

  it('filters, sorts and pages as product.md §2 says (inclusive ranges, id tie-breaks)', async () => {
    const { org, m, a, tr } = await scenario();
    const list = async (qs: string) => (await ok(await entries(org.apiKey, qs))).data as Entry[];
    const all = await list('limit=100');
    expect(all).toHaveLength(5);
    // Default newest first; ties (one transaction's entries share created_at) by id ascending.
    for (let i = 1; i < all.length; i++) {
      const [p, c] = [all[i - 1], all[i]];
      expect(p!.created_at >= c!.created_at).toBe(true);
      if (p!.created_at === c!.created_at) expect(p!.id < c!.id).toBe(true);
    }
    expect((await list('balance_type=HELD')).map((e) => e.amount).sort()).toEqual([-2_500, 2_500]);
    expect(await list('code=DEPOSIT')).toHaveLength(1);
    expect(await list('code=DEPOSIT,INTERNAL_TRANSFER_COMPLETED')).toHaveLength(3);
    expect(await list(`source_type=INTERNAL_TRANSFER&source_id=${tr}`)).toHaveLength(4);
    expect(await list(`source_id=${randomUUID()}`)).toHaveLength(0);
    expect(await list(`company_id=${m.id}`)).toHaveLength(1);
    expect((await list('amount_from=-2500&amount_to=-2500')).map((e) => e.amount)).toEqual([-2_500, -2_500]);
    expect((await list('amount_from=2500')).map((e) => e.amount).sort((x, y) => x - y)).toEqual([2_500, 2_500, 10_000]);
    const deposit = all.find((e) => e.code === 'DEPOSIT')!;
    const at = encodeURIComponent(deposit.created_at);
    expect((await list(`created_at_from=${at}&created_at_to=${at}`)).map((e) => e.id)).toEqual([deposit.id]);
    expect((await list('sort=amount')).map((e) => e.amount)).toEqual([-2_500, -2_500, 2_500, 2_500, 10_000]);
    const byAmount = await list('sort=-amount');
    expect(byAmount.map((e) => e.amount)).toEqual([10_000, 2_500, 2_500, -2_500, -2_500]);
    expect(byAmount[1]!.id < byAmount[2]!.id && byAmount[3]!.id < byAmount[4]!.id).toBe(true);
    expect((await list(`bank_account_id=${a}&sort=-sequence`)).map((e) => e.sequence)).toEqual([4, 3, 2, 1]);

    const page = await ok(await entries(org.apiKey, 'limit=2&page=2&sort=created_at'));
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3, hasNext: true, hasPrev: true });
    expect(page.data.map((e: Entry) => e.id)).toEqual((await list('sort=created_at')).slice(2, 4).map((e) => e.id));

    for (const bad of [
      'sort=nope',
      'balance_type=NOPE',
      'code=PAYMENT',
      'source_type=X',
      'limit=101',
      'page=0',
      'amount_from=1.5',
      'amount_to=1e30',
      'source_id=abc',
      'bank_account_id=1',
      'created_at_from=yesterday',
      'unknown=1',
    ]) {
      const res = await entries(org.apiKey, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code, bad).toBe('VALIDATION_ERROR');
    }
  });

  it('reach: a merchant reads its own entries; other tenants read none of them, whatever the filter', async () => {
    const { org, m, a, b } = await scenario();
    const mine: Entry[] = (await ok(await entries(m.apiKey))).data;
    expect(mine.map((e) => e.bank_account_id)).toEqual([b]);
    expect((await ok(await entries(m.apiKey, `bank_account_id=${a}`))).data).toEqual([]);
    expect((await ok(await entries(m.apiKey, `company_id=${org.id}`))).data).toEqual([]);
    const other = await t.createOrganization();
    const sibling = await t.createMerchant(org.apiKey);
    for (const key of [other.apiKey, sibling.apiKey]) {
      for (const qs of ['', `bank_account_id=${a}`, `bank_account_id=${b}`, `company_id=${m.id}`]) {
        const res = await ok(await entries(key, qs));
        expect(res.pagination.total, qs).toBe(0);
      }
    }
  });
});

describe('GET /v1/ledger/transactions/{id}', () => {
  it('shows every posting; those outside reach and clearing carry no company; none in reach is 404', async () => {
    const { org, m, a, b } = await scenario();
    const ofA: Entry[] = (await ok(await entries(org.apiKey, `bank_account_id=${a}&sort=sequence`))).data;
    const completed = ofA[3]!.ledger_transaction_id;

    const full = await ok(await ledgerTx(org.apiKey, completed));
    expect(Object.keys(full).sort()).toEqual(['code', 'created_at', 'id', 'postings', 'source']);
    expect(full).toMatchObject({
      id: completed,
      code: 'INTERNAL_TRANSFER_COMPLETED',
      source: { type: 'INTERNAL_TRANSFER' },
      created_at: ofA[3]!.created_at,
    });
    expect(full.postings).toEqual(
      expect.arrayContaining([
        {
          account: {
            type: 'BANK_ACCOUNT',
            bank_account_id: a,
            company_id: org.id,
            provider: 'PROVIDER_A',
            balance_type: 'HELD',
          },
          direction: 'DEBIT',
          amount: 2_500,
        },
        {
          account: {
            type: 'BANK_ACCOUNT',
            bank_account_id: b,
            company_id: m.id,
            provider: 'PROVIDER_A',
            balance_type: 'AVAILABLE',
          },
          direction: 'CREDIT',
          amount: 2_500,
        },
      ]),
    );
    expect(full.postings).toHaveLength(2);

    // The merchant sees the organization's side without its company or account.
    const partial = await ok(await ledgerTx(m.apiKey, completed));
    expect(partial.postings).toEqual(
      expect.arrayContaining([
        {
          account: {
            type: 'BANK_ACCOUNT',
            bank_account_id: null,
            company_id: null,
            provider: 'PROVIDER_A',
            balance_type: 'HELD',
          },
          direction: 'DEBIT',
          amount: 2_500,
        },
        {
          account: {
            type: 'BANK_ACCOUNT',
            bank_account_id: b,
            company_id: m.id,
            provider: 'PROVIDER_A',
            balance_type: 'AVAILABLE',
          },
          direction: 'CREDIT',
          amount: 2_500,
        },
      ]),
    );
    expect(JSON.stringify(partial)).not.toContain(org.id);
    expect(JSON.stringify(partial)).not.toContain(a);

    const deposit = await ok(await ledgerTx(org.apiKey, ofA[0]!.ledger_transaction_id));
    expect(deposit.postings).toEqual(
      expect.arrayContaining([
        {
          account: {
            type: 'CLEARING',
            bank_account_id: null,
            company_id: null,
            provider: 'PROVIDER_A',
            balance_type: null,
          },
          direction: 'DEBIT',
          amount: 10_000,
        },
      ]),
    );

    const other = await t.createOrganization();
    for (const [key, id] of [
      [m.apiKey, ofA[0]!.ledger_transaction_id],
      [other.apiKey, completed],
      [org.apiKey, randomUUID()],
    ]) {
      const res = await ledgerTx(key!, id!);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('RESOURCE_NOT_FOUND');
    }
    expect((await ledgerTx(org.apiKey, 'abc')).json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'id' },
    });
  });
});

describe('GET /v1/platform/ledger/integrity', () => {
  it('staff only; per provider difference 0 with revenue counted in the liabilities; no mismatch', async () => {
    const { org, m, b } = await scenario();
    // An approval as the transactions area posts it (M3): clearing +A, merchant pending +(A-F), revenue +F.
    const approval = { type: 'TRANSACTION' as const, id: randomUUID() };
    await t.db.db.transaction((tx) =>
      post(tx, {
        code: 'TRANSACTION_APPROVED',
        source: approval,
        now: t.deps.clock.now(org.id),
        postings: [
          { account: { type: 'CLEARING', provider: 'PROVIDER_A' }, direction: 'DEBIT', amount: 1_000 },
          { account: { type: 'BANK_ACCOUNT', id: b, balance: 'PENDING' }, direction: 'CREDIT', amount: 970 },
          {
            account: { type: 'REVENUE', organizationId: org.id, provider: 'PROVIDER_A' },
            direction: 'CREDIT',
            amount: 30,
          },
        ],
      }),
    );
    const res = await ok(
      await t.request({ method: 'GET', url: '/core/v1/platform/ledger/integrity', key: t.platformKey }),
    );
    expect(res.mismatches).toEqual([]);
    const a = res.providers.find((p: { provider: string }) => p.provider === 'PROVIDER_A');
    expect(a.clearing).toBeGreaterThanOrEqual(11_000);
    for (const p of res.providers) {
      expect(Object.keys(p).sort()).toEqual(['clearing', 'debt', 'difference', 'liabilities', 'provider']);
      expect(p.difference, p.provider).toBe(0);
      expect(p.clearing - p.liabilities + p.debt).toBe(0);
    }
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/platform/ledger/integrity', key: org.apiKey })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/core/v1/platform/ledger/integrity' })).statusCode).toBe(401);

    // The approval as its readers see it: the merchant's pending, the organization's revenue.
    const entry = (await ok(await entries(m.apiKey, 'balance_type=PENDING'))).data[0] as Entry;
    expect(entry).toMatchObject({
      code: 'TRANSACTION_APPROVED',
      amount: 970,
      resulting_balance: 970,
      sequence: 2,
      source: approval,
    });
    const revenue = {
      account: {
        type: 'REVENUE',
        bank_account_id: null,
        company_id: org.id,
        provider: 'PROVIDER_A',
        balance_type: null,
      },
      direction: 'CREDIT',
      amount: 30,
    };
    expect((await ok(await ledgerTx(org.apiKey, entry.ledger_transaction_id))).postings).toContainEqual(revenue);
    expect((await ok(await ledgerTx(m.apiKey, entry.ledger_transaction_id))).postings).toContainEqual({
      ...revenue,
      account: { ...revenue.account, company_id: null },
    });
    expect(
      (await ok(await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/balances`, key: m.apiKey }))).totals,
    ).toEqual({ pending: 970, available: 2_500, held: 0, debt: 0 });
  });
});

describe('permissions', () => {
  it('the catalogue lists the ledger and balance permissions; a JWT needs them', async () => {
    const { org, a } = await scenario();
    const catalogue = (await ok(await t.request({ method: 'GET', url: '/core/v1/permissions', key: org.apiKey })))
      .data as string[];
    expect(catalogue).toEqual(
      expect.arrayContaining([
        'ledger.entry.list',
        'ledger.transaction.view',
        'banking.balance.view',
        'merchant.balance.list',
      ]),
    );
    const role = await createRole(t, { key: org.apiKey }, ['ledger.entry.list']);
    const { token } = await createVerifiedUser(t, org.apiKey, [role.id]);
    const list = await ok(await t.request({ method: 'GET', url: '/core/v1/ledger/entries', token }));
    expect(list.pagination.total).toBe(5);
    const txId = list.data[0].ledger_transaction_id;
    for (const url of [
      `/core/v1/ledger/transactions/${txId}`,
      `/core/v1/banking/bank-accounts/${a}/balance`,
      `/core/v1/merchants/${org.id}/balances`,
    ]) {
      expect((await t.request({ method: 'GET', url, token })).statusCode, url).toBe(403);
    }
    const all = await createRole(t, { key: org.apiKey }, ['ledger.*', 'banking.*', 'merchant.*']);
    const admin = await createVerifiedUser(t, org.apiKey, [all.id]);
    for (const url of [
      `/core/v1/ledger/transactions/${txId}`,
      `/core/v1/banking/bank-accounts/${a}/balance`,
      `/core/v1/merchants/${org.id}/balances`,
    ]) {
      expect((await t.request({ method: 'GET', url, token: admin.token })).statusCode, url).toBe(200);
    }
  });
});
