import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { providerAccounts } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { transactionRow } from '../helpers/seed-transactions.js';

/** providers.md R5.3 and R9.13: a run against a statement lists what differs; bad input answers the envelope. */
let t: TestApp;
let merchant: { id: string; apiKey: string };
let accountId: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  ({ merchant } = await payingMerchant(t));
  const [account] = await t.db.db
    .select({ id: providerAccounts.id })
    .from(providerAccounts)
    .where(eq(providerAccounts.provider, 'PROVIDER_A'));
  accountId = account!.id;
});
afterAll(async () => t?.close());

const saoPauloToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const run = (payload: object) =>
  t.request({ method: 'POST', url: '/core/v1/platform/reconciliation-runs', key: t.platformKey, payload });
/** Every item of a run, page by page (the API's page/limit/hasNext). */
const allItems = async (runId: string) => {
  const out: { transaction_id: string | null; kind: string }[] = [];
  for (let page = 1; ; page += 1) {
    const res = await t.request({
      method: 'GET',
      url: `/core/v1/platform/reconciliation-runs/${runId}/items?limit=100&page=${page}`,
      key: t.platformKey,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ data: typeof out; pagination: { hasNext: boolean } }>();
    out.push(...body.data);
    if (!body.pagination.hasNext) return out;
  }
};
const paid = async (amount: number) => {
  const res = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount }));
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('APPROVED');
  return (await transactionRow(t, res.json().id)) as { id: string; providerReference: string | null };
};

describe('reconciliation runs', () => {
  it('a statement that omits one capture and changes one amount, and a line with no transaction', async () => {
    const [a, b, c] = [await paid(1_000), await paid(2_000), await paid(3_000)];
    const today = saoPauloToday();
    const line = (ref: string, amount: number, merchant_reference: string | null = null) => ({
      type: 'CAPTURE',
      provider_reference: ref,
      merchant_reference,
      amount,
      booked_on: today,
    });
    const res = await run({
      request_id: `recon-${a.id}`,
      provider_account_id: accountId,
      from: today,
      to: today,
      statement: {
        lines: [line(a.providerReference!, 1_000), line('unknown-ref', 2_000, b.id), line('no-such-payment', 777)],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      provider_account_id: accountId,
      provider: 'PROVIDER_A',
      from: today,
      to: today,
      source: 'STATEMENT',
      status: 'COMPLETED',
    });
    expect(body.summary.captures_provider).toEqual({ count: 3, amount: 3_777 });
    expect(body.summary.captures_ours.count).toBeGreaterThanOrEqual(3);
    // Every page: on PostgreSQL the worker's database holds other files' captures on this account too.
    const items = (await allItems(body.id)) as {
      kind: string;
      transaction_id: string | null;
      our_amount: number | null;
      provider_amount: number | null;
    }[];
    const about = (id: string) => items.filter((i) => i.transaction_id === id).map((i) => i.kind);
    expect(about(a.id)).toEqual([]);
    expect(about(b.id)).toEqual([]);
    expect(about(c.id)).toEqual(['MISSING_AT_PROVIDER']);
    expect(items.filter((i) => i.kind === 'MISSING_IN_PLATFORM')).toEqual([
      expect.objectContaining({ provider_amount: 777, transaction_id: null }),
    ]);
    expect(body.summary.items).toBe(items.length);

    // A changed amount.
    const changed = await run({
      provider_account_id: accountId,
      from: today,
      to: today,
      statement: { lines: [line(a.providerReference!, 999)] },
    });
    const changedItems = (
      await t.request({
        method: 'GET',
        url: `/core/v1/platform/reconciliation-runs/${changed.json().id}/items?kind=AMOUNT_MISMATCH`,
        key: t.platformKey,
      })
    ).json().data;
    expect(changedItems).toEqual([
      expect.objectContaining({
        kind: 'AMOUNT_MISMATCH',
        transaction_id: a.id,
        our_amount: 1_000,
        provider_amount: 999,
      }),
    ]);

    // The same request_id answers the same run; the run and the list read back.
    const again = await run({
      request_id: `recon-${a.id}`,
      provider_account_id: accountId,
      from: today,
      to: today,
      statement: {
        lines: [line(a.providerReference!, 1_000), line('unknown-ref', 2_000, b.id), line('no-such-payment', 777)],
      },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(body.id);
    expect(
      (
        await t.request({ method: 'GET', url: `/core/v1/platform/reconciliation-runs/${body.id}`, key: t.platformKey })
      ).json(),
    ).toEqual(body);
    const list = (
      await t.request({
        method: 'GET',
        url: `/core/v1/platform/reconciliation-runs?provider_account_id=${accountId}`,
        key: t.platformKey,
      })
    ).json();
    expect(list.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([body.id, changed.json().id]));
  });

  it('without a statement: the facts the provider reported (every acknowledged capture matches)', async () => {
    const x = await paid(4_000);
    const today = saoPauloToday();
    const res = await run({ provider_account_id: accountId, from: today, to: today });
    expect(res.statusCode).toBe(201);
    expect(res.json().source).toBe('PROVIDER_EVENTS');
    const items = await allItems(res.json().id);
    expect(items.filter((i) => i.transaction_id === x.id)).toEqual([]);
  });

  it('bad input: the envelope with the field', async () => {
    const today = saoPauloToday();
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [object, number, string][] = [
      [{ provider_account_id: accountId, from: today, to: tomorrow }, 400, 'to'],
      [{ provider_account_id: accountId, from: '2026-01-01', to: '2026-03-01' }, 400, 'to'],
      [{ provider_account_id: accountId, from: today, to: '2020-01-01' }, 400, 'to'],
      [{ provider_account_id: accountId, from: 'yesterday', to: today }, 400, 'from'],
      [{ provider_account_id: accountId, from: today, to: today, statement: { lines: [] } }, 400, 'statement.lines'],
      [
        {
          provider_account_id: accountId,
          from: today,
          to: today,
          statement: {
            lines: [
              { type: 'CAPTURE', provider_reference: 'x', merchant_reference: null, amount: 0, booked_on: today },
            ],
          },
        },
        400,
        'statement.lines.0.amount',
      ],
      [{ provider_account_id: accountId, from: today, to: today, extra: 1 }, 400, 'extra'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await run(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    expect(
      (await run({ provider_account_id: '00000000-0000-4000-8000-000000000000', from: today, to: today })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/core/v1/platform/reconciliation-runs/00000000-0000-4000-8000-000000000000',
          key: t.platformKey,
        })
      ).statusCode,
    ).toBe(404);
    // Staff only.
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/platform/reconciliation-runs', key: merchant.apiKey }))
        .statusCode,
    ).toBe(403);
  });
});
