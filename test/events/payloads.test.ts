import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { and, inArray } from 'drizzle-orm';
import { events, ledgerPostings } from '../../src/db/schema/index.js';
import { EVENT_TYPES, parseEventPayload } from '../../src/modules/event-payloads.js';
import { EventConsumerRegistry } from '../../src/events/consumers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cashoutMerchant } from '../helpers/cashouts.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { seedTransaction } from '../helpers/seed-transactions.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const ok = async (p: Promise<{ statusCode: number; json(): any; body: string }>, status = 201) => {
  const res = await p;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

describe('typed event payloads', () => {
  it('every event a flow records matches its type schema', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    await ok(
      t.request({
        method: 'POST',
        url: `/core/v1/merchants/${merchant.id}/affiliations`,
        key: merchant.apiKey,
        payload: { provider: 'PROVIDER_A' },
      }),
    );
    await ok(
      t.request({
        method: 'PATCH',
        url: `/core/v1/platform/companies/${merchant.id}`,
        key: t.platformKey,
        payload: { status: 'ACTIVE' },
      }),
      200,
    );
    const a = await ok(
      t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      }),
    );
    const b = await ok(
      t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      }),
    );
    await ok(
      t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`,
        key: t.platformKey,
        payload: { amount: 500 },
      }),
      200,
    );
    for (const finalStatus of ['COMPLETED', 'FAILED']) {
      const tr = await ok(
        t.request({
          method: 'POST',
          url: '/core/v1/banking/internal-transfers',
          key: org.apiKey,
          payload: {
            request_id: `ev-${finalStatus}`,
            origin_bank_account_id: a.id,
            destination_bank_account_id: b.id,
            amount: 100,
          },
        }),
      );
      const move = (status: string) =>
        t.request({
          method: 'POST',
          url: `/core/v1/platform/sandbox/internal-transfers/${tr.id}/status`,
          key: t.platformKey,
          payload: { status },
        });
      await ok(move('PROCESSING'), 200);
      await ok(move(finalStatus), 200);
    }

    const rows = await t.db.db.select().from(events).where(eq(events.organizationId, org.id));
    const types = new Set(rows.map((r) => r.type));
    for (const type of [
      'company.created',
      'company.status-changed',
      'affiliation.created',
      'internal-transfer.created',
      'internal-transfer.status-changed',
    ]) {
      expect(types, type).toContain(type);
    }
    for (const row of rows) {
      const parsed = parseEventPayload(row.type, row.payload);
      expect(parsed.success, `${row.type}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("money events (M9) carry bank_account_id and sequence, an entry of that account's ledger", async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 100 });
    const m = { id: merchant.id, organizationId: org.id, apiKey: merchant.apiKey, bankAccountId: accountId };
    const post = (url: string, key: string, payload: object, status = 201) =>
      ok(t.request({ method: 'POST', url: `/core${url}`, key, payload }), status);
    await post('/v1/banking/bank-accounts', org.apiKey, { provider: 'PROVIDER_A' }); // where the organization's sweep lands
    const disputed = await seedTransaction(t, m, { status: 'APPROVED', amount: 10_000, fee: 400 });
    const card = await seedTransaction(t, m, { status: 'APPROVED', amount: 30_000, fee: 1_200, installments: 3 });
    await seedTransaction(t, m, { method: 'PIX', status: 'APPROVED', amount: 2_000, fee: 100 });
    const c = await post('/v1/banking/cashouts', m.apiKey, {
      request_id: 'ev-cashout',
      bank_account_id: accountId,
      amount: 500,
    });
    await post(`/v1/platform/sandbox/cashouts/${c.id}/status`, t.platformKey, { status: 'COMPLETED' }, 200);
    await post(`/v1/platform/sandbox/cashouts/${c.id}/returns`, t.platformKey, {
      amount: 100,
      reason: 'RETURNED_BY_RECEIVER',
    });
    // a dispute above available: debt (balance.debt-changed), paid out on accept
    const d = await post(`/v1/platform/sandbox/transactions/${disputed.id}/disputes`, t.platformKey, {
      reason: 'FRAUD',
      reason_code: '10.4',
    });
    await post(`/v1/disputes/${d.id}/accept`, m.apiKey, {}, 200);
    const r = await post(`/v1/transactions/${card.id}/refunds`, m.apiKey, { amount: 1_000 });
    await post(`/v1/platform/sandbox/refunds/${r.id}/settle`, t.platformKey, { status: 'SUCCEEDED' }, 200);
    const q = await post('/v1/anticipations/quotes', m.apiKey, { bank_account_id: accountId });
    await post('/v1/anticipations', m.apiKey, { request_id: 'ev-anticipation', quote_id: q.id }); // dated today: completes at once
    await post(
      `/v1/platform/sandbox/organizations/${org.id}/clock/advance`,
      t.platformKey,
      { seconds: 100 * 86_400 },
      200,
    );
    await expectLedgerInvariants(t.db.db);

    const money = [
      'transaction.created',
      'transaction.status-changed',
      'refund.created',
      'refund.status-changed',
      'settlement.completed',
      'anticipation.created',
      'anticipation.status-changed',
      'cashout.created',
      'cashout.status-changed',
      'cashout.returned',
      'dispute.created',
      'dispute.status-changed',
      'balance.debt-changed',
    ];
    const rows = await t.db.db
      .select()
      .from(events)
      .where(and(eq(events.organizationId, org.id), inArray(events.type, money)));
    expect(new Set(rows.map((e) => e.type))).toEqual(new Set(money));
    const entries = await t.db.db
      .select({ account: ledgerPostings.accountId, sequence: ledgerPostings.sequence })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.accountType, 'BANK_ACCOUNT'));
    const known = new Set(entries.map((e) => `${e.account}#${e.sequence}`));
    for (const row of rows) {
      const payload = row.payload as { bank_account_id?: string | null; sequence?: number | null };
      expect(parseEventPayload(row.type, row.payload).success, row.type).toBe(true);
      expect(payload, row.type).toHaveProperty('bank_account_id');
      expect(payload, row.type).toHaveProperty('sequence');
      if (payload.sequence !== null)
        expect(known.has(`${payload.bank_account_id}#${payload.sequence}`), `${row.type} ${payload.sequence}`).toBe(
          true,
        );
    }
    // the approvals' moves and the settlements are money: their sequence is known
    for (const row of rows.filter(
      (e) =>
        e.type === 'settlement.completed' ||
        (e.type === 'transaction.status-changed' && (e.payload as { new_status: string }).new_status === 'APPROVED'),
    )) {
      expect((row.payload as { sequence: number | null }).sequence, row.type).not.toBeNull();
    }
  });

  it('knows every type the outbox can record', () => {
    expect(EVENT_TYPES).toEqual(
      expect.arrayContaining([
        'company.created',
        'internal-transfer.status-changed',
        'onboarding-document.status-changed',
      ]),
    );
    expect(() => parseEventPayload('no.such-type', {})).toThrow();
  });

  it('the consumer registry hands each batch to every consumer, once per name', async () => {
    const registry = new EventConsumerRegistry();
    const seen: string[] = [];
    registry.register('a', async (_tx, rows) => void seen.push(`a:${rows.length}`));
    registry.register('a', async (_tx, rows) => void seen.push(`a2:${rows.length}`));
    registry.register('b', async (_tx, rows) => void seen.push(`b:${rows.length}`));
    await registry.dispatch(t.db.db, [{} as never, {} as never]);
    expect(seen).toEqual(['a2:2', 'b:2']);
    expect(registry.names()).toEqual(['a', 'b']);
  });
});
