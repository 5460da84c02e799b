import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerTransactions } from '../../src/db/schema/index.js';
import type { AdyenDouble } from '../../src/providers/doubles/index.js';
import {
  adyenAccount,
  adyenNotification,
  affiliateToAdyen,
  appCall,
  type AdyenAccount,
  type AdyenItem,
} from '../helpers/adyen.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { expectIntegrity, ok } from '../helpers/money-checks.js';
import { eventually } from '../helpers/poll.js';
import { eventsAbout, transactionRow } from '../helpers/seed-transactions.js';
import { cardPayment, createTx } from '../helpers/transactions.js';

/**
 * Issue 25's quality bar at an ADYEN_CHECKOUT account (R2.2, R2.9, R4.4-R4.5) with the double: an unknown
 * authorization outcome stays PROCESSING and Adyen's AUTHORISATION settles it forward (never backwards); every
 * notification sent twice and out of order changes the money once; an "orphan" authorization (Adyen authorised what
 * the platform refused) is voided at Adyen under `{attempt id}-void` through a provider operation, the attempt shows
 * VOIDED, the transaction does not move, and `transaction.discrepancy-detected` reports it.
 */
let t: TestApp;
let adyen: AdyenDouble;
let set: AdyenAccount;
let account: { id: string; provider: string };
let merchant: { id: string; apiKey: string };
const MA = 'PlatformFaultsECOM';

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  set = await adyenAccount(appCall(t), t.platformKey, { prefix: 'ADYF', merchantAccount: MA });
  ({ adyen, account } = set);
  const org = await t.createOrganization();
  merchant = await t.createMerchant(org.apiKey);
  await affiliateToAdyen(appCall(t), { platformKey: t.platformKey, orgKey: org.apiKey }, merchant.id, set);
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

type Item = AdyenItem;
const notify = async (items: Item[]) => {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/provider-webhooks/${account.id}`,
    headers: { 'content-type': 'application/json' },
    payload: adyenNotification(set, items),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toBe('[accepted]');
};
const eventsOf = async (resourceId: string) =>
  (
    await ok(
      t,
      'GET',
      `/v1/platform/provider-events?provider_account_id=${account.id}&resource_id=${resourceId}&limit=100`,
      t.platformKey,
    )
  ).data as Array<{ status: string; effect: string | null; event_type: string; duplicates: number }>;
const settled = (resourceId: string, count: number) =>
  eventually(
    () => eventsOf(resourceId),
    (evs) => evs.length >= count && evs.every((e) => e.status !== 'PENDING'),
    `${count} events of ${resourceId} processed`,
    20_000,
  );
const approvals = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.sourceId, id), eq(ledgerTransactions.code, 'TRANSACTION_APPROVED')))
  ).length;
const invariants = async () => {
  await expectLedgerInvariants(t.db.db);
  await expectIntegrity(t);
};

describe('ADYEN_CHECKOUT faults: unknown outcomes, duplicates, order, orphans', () => {
  it('three 5xx: PROCESSING with one key seen three times; AUTHORISATION (twice, and a late refusal) settles it forward once', async () => {
    adyen.server.fail('/v71/payments', 500, 3);
    const created = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount: 12_345 }));
    expect(created.statusCode, created.body).toBe(201);
    const tx = created.json();
    expect(tx).toMatchObject({ status: 'PROCESSING', refusal: null });
    const keys = adyen.server
      .received('/v71/payments')
      .slice(-3)
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([tx.attempts.at(-1).id]));
    // The notification is the subject here: the sync's replay (R5.1, test/api/adyen-replay.test.ts) is held off so
    // it cannot decide the transaction first.
    await t.db.db
      .update(jobs)
      .set({ runAt: new Date('2100-01-01T00:00:00Z') })
      .where(eq(jobs.dedupeKey, `transaction.sync:${tx.id}`));

    const psp = `PSP${randomBytes(6).toString('hex').toUpperCase()}`;
    const authorised: Item = {
      pspReference: psp,
      merchantReference: tx.id,
      eventCode: 'AUTHORISATION',
      success: 'true',
      amount: { value: 12_345, currency: 'BRL' },
    };
    await notify([authorised, authorised]);
    await notify([authorised]);
    // A refusal arriving after it contradicts a terminal state: no move, a discrepancy.
    await notify([{ ...authorised, success: 'false', reason: 'Refused' }]);
    const evs = await settled(tx.id, 2);
    expect(evs.map((e) => [e.event_type, e.effect]).sort()).toEqual([
      ['AUTHORISATION', 'APPLIED'],
      ['AUTHORISATION', 'CONFLICT'],
    ]);
    expect(evs.find((e) => e.effect === 'APPLIED')!.duplicates).toBe(2);
    expect(await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey)).toMatchObject({
      status: 'APPROVED',
      captured_amount: 12_345,
      provider_reference: psp,
    });
    expect(await approvals(tx.id)).toBe(1);
    await invariants();
  });

  it('every notification twice and out of order: captured once, each refund settled once, money exact', async () => {
    const created = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { amount: 50_000, capture: false }),
    );
    const tx = created.json();
    expect(tx.status).toBe('AUTHORIZED');
    await ok(t, 'POST', `/v1/transactions/${tx.id}/capture`, merchant.apiKey, {});
    const r1 = await ok(t, 'POST', `/v1/transactions/${tx.id}/refunds`, merchant.apiKey, { amount: 10_000 }, 201);
    const r2 = await ok(t, 'POST', `/v1/transactions/${tx.id}/refunds`, merchant.apiKey, { amount: 5_000 }, 201);
    const refundPsp = (id: string) => adyen.server.received().find((r) => r.headers['idempotency-key'] === id);
    expect(refundPsp(r1.id)).toBeDefined();
    const psp = tx.provider_reference as string;
    const base = { originalReference: psp, success: 'true' as const };
    const items: Item[] = [
      {
        ...base,
        pspReference: `RF1${psp}`,
        merchantReference: r1.id,
        eventCode: 'REFUND',
        amount: { value: 10_000, currency: 'BRL' },
      },
      {
        ...base,
        pspReference: `CP${psp}`,
        merchantReference: tx.id,
        eventCode: 'CAPTURE',
        amount: { value: 50_000, currency: 'BRL' },
      },
      {
        pspReference: psp,
        merchantReference: tx.id,
        eventCode: 'AUTHORISATION',
        success: 'true',
        amount: { value: 50_000, currency: 'BRL' },
      },
      {
        ...base,
        pspReference: `RF2${psp}`,
        merchantReference: r2.id,
        eventCode: 'REFUND',
        amount: { value: 5_000, currency: 'BRL' },
      },
    ];
    // Reversed, then each again in another order, in separate requests.
    await notify([...items].reverse());
    await notify([items[1]!, items[3]!]);
    await notify([items[0]!, items[2]!]);
    await eventually(
      async () => [(await transactionRow(t, tx.id))!.status, (await transactionRow(t, tx.id))!.refundedAmount],
      ([s, refunded]) => s === 'PARTIALLY_REFUNDED' && refunded === 15_000,
      'both refunds settled',
      20_000,
    );
    const view = await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey);
    expect(view).toMatchObject({ status: 'PARTIALLY_REFUNDED', captured_amount: 50_000, refunded_amount: 15_000 });
    for (const r of [r1, r2])
      expect((await ok(t, 'GET', `/v1/refunds/${r.id}`, merchant.apiKey)).status).toBe('SUCCEEDED');
    expect(await approvals(tx.id)).toBe(1);
    const refundPostings = await t.db.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.code, 'REFUND'));
    // Each refund's REFUND postings as one settlement makes them (its reservation and its settlement), duplicates none.
    const of = (id: string) => refundPostings.filter((p) => p.sourceId === id).length;
    expect([of(r1.id), of(r2.id)]).toEqual([2, 2]);
    await invariants();
  });

  it('an orphan: Adyen authorises what the platform refused; voided under {attempt id}-void, the attempt VOIDED, a discrepancy', async () => {
    adyen.forceResult('Received');
    const created = await createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { amount: 8_000 }));
    const tx = created.json();
    expect(tx.status).toBe('PROCESSING');
    const psp = tx.provider_reference as string;
    const attempt = tx.attempts.at(-1).id as string;
    const item: Item = {
      pspReference: psp,
      merchantReference: tx.id,
      eventCode: 'AUTHORISATION',
      success: 'false',
      reason: 'Refused',
      amount: { value: 8_000, currency: 'BRL' },
    };
    await notify([item]);
    await eventually(
      async () => (await transactionRow(t, tx.id))!.status,
      (s) => s === 'REFUSED',
      'refused',
    );
    // Adyen then authorises it after all (a new fact: success changed), delivered twice.
    expect(adyen.authorise(psp)).toBe(true);
    await notify([
      { ...item, success: 'true', reason: '' },
      { ...item, success: 'true', reason: '' },
    ]);
    const cancels = await eventually(
      async () => adyen.server.received(`/v71/payments/${psp}/cancels`),
      (c) => c.length > 0,
      'the orphan void at Adyen',
      20_000,
    );
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.status).toBe(201);
    expect(cancels[0]!.headers['idempotency-key']).toBe(`${attempt}-void`);
    expect(cancels[0]!.body).toEqual({ merchantAccount: MA, reference: attempt });
    const evs = await settled(tx.id, 2);
    expect(evs.map((e) => e.effect).sort()).toEqual(['APPLIED', 'VOIDED_ORPHAN']);
    const row = await eventually(
      () => transactionRow(t, tx.id),
      (r) => r!.attempts?.at(-1)?.outcome === 'VOIDED',
      'the attempt VOIDED',
    );
    expect(row!.status).toBe('REFUSED');
    const discrepancies = await eventsAbout(t, tx.id, ['transaction.discrepancy-detected']);
    expect(discrepancies.map((d) => (d.payload as { kind: string }).kind)).toEqual(['OUTCOME_CONFLICT']);
    expect(await approvals(tx.id)).toBe(0);
    await invariants();
  });
});
