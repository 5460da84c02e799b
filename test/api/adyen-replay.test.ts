import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, keptAuthorizations, ledgerTransactions, providerOperations } from '../../src/db/schema/index.js';
import { keptAuthorizationInsert } from '../../src/modules/payments/shared/kept-authorizations.repo.js';
import { claimAttemptOperation } from '../../src/modules/routing/index.js';
import { PROCESS_EVENT_JOB } from '../../src/modules/provider-webhooks/intake.service.js';
import type { AdyenDouble } from '../../src/providers/doubles/index.js';
import { adyenAccount, adyenNotification, affiliateToAdyen, appCall, type AdyenAccount } from '../helpers/adyen.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { expectIntegrity, ok } from '../helpers/money-checks.js';
import { eventsAbout, transactionRow } from '../helpers/seed-transactions.js';
import { cardPayment, createTx } from '../helpers/transactions.js';

/**
 * Issue 25 (providers.md R5.1 "card transaction PROCESSING" at ADYEN_CHECKOUT; docs/decisions/providers.md "Sync of
 * an unknown Adyen authorization"): the attempt's request is kept without the CVV (its number the ev: value), and
 * the sync replays `POST /payments` under the attempt's key until an answer, or 24 h. No job runs by itself here
 * (RUN_WORKER off): the organization's clock advance runs the syncs, `processEvents` the notifications' processing,
 * so nothing races the steps a test takes.
 */
let t: TestApp;
let adyen: AdyenDouble;
let set: AdyenAccount;
let org: { id: string; apiKey: string };
let merchant: { id: string; apiKey: string };
const PAN = '4111111111111111';

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false, runWorker: false });
  set = await adyenAccount(appCall(t), t.platformKey, { prefix: 'ADYR', merchantAccount: 'PlatformReplayECOM' });
  adyen = set.adyen;
  org = await t.createOrganization();
  merchant = await t.createMerchant(org.apiKey);
  await affiliateToAdyen(appCall(t), { platformKey: t.platformKey, orgKey: org.apiKey }, merchant.id, set);
});
afterAll(async () => {
  await t?.close();
  await adyen?.close();
});

const advance = (seconds: number) =>
  ok(t, 'POST', `/v1/platform/sandbox/organizations/${org.id}/clock/advance`, t.platformKey, { seconds });
/** The notifications' processing (R4.5), run here as the job runner would. */
const processEvents = async () => {
  const due = await t.db.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, PROCESS_EVENT_JOB), eq(jobs.status, 'PENDING')));
  for (const j of due) await t.built.runner.runById(j.id);
};
const deliver = async (items: Parameters<typeof adyenNotification>[1]) => {
  const res = await t.request({
    method: 'POST',
    url: `/core/v1/provider-webhooks/${set.account.id}`,
    headers: { 'content-type': 'application/json' },
    payload: adyenNotification(set, items),
  });
  expect(res.statusCode, res.body).toBe(200);
};
const notify = async (items: Parameters<typeof adyenNotification>[1]) => {
  await deliver(items);
  await processEvents();
};
/** The authorizations Adyen received under a key, oldest first. */
const underKey = (key: string) =>
  adyen.server.received('/v71/payments').filter((r) => r.headers['idempotency-key'] === key);
const kept = (transactionId: string) =>
  t.db.db.select().from(keptAuthorizations).where(eq(keptAuthorizations.transactionId, transactionId));
const approvals = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.sourceId, id), eq(ledgerTransactions.code, 'TRANSACTION_APPROVED')))
  ).length;
const movesTo = async (id: string, status: string) =>
  (await eventsAbout(t, id, ['transaction.status-changed'])).filter(
    (e) => (e.payload as { new_status?: string }).new_status === status,
  ).length;
const invariants = async () => {
  await expectLedgerInvariants(t.db.db);
  await expectIntegrity(t);
};

/** A create whose three tries (R2.2) all answer 500: PROCESSING, its attempt's request kept. */
async function unknownCreate(amount: number) {
  adyen.server.fail('/v71/payments', 500, 3);
  const body = await cardPayment(t, PAN, { amount });
  const created = await createTx(t, merchant.apiKey, body);
  expect(created.statusCode, created.body).toBe(201);
  const tx = created.json();
  expect(tx).toMatchObject({ status: 'PROCESSING', refusal: null });
  const key = tx.attempts.at(-1).id as string;
  expect(underKey(key).map((r) => r.status)).toEqual([500, 500, 500]);
  return { tx, key, cvv: body.card_data.cvv, number: body.card_data.number };
}

describe('R5.1 at ADYEN_CHECKOUT: the sync of an unknown authorization replays it', () => {
  it('an answer at once keeps nothing', async () => {
    const created = await createTx(t, merchant.apiKey, await cardPayment(t, PAN, { amount: 1_500 }));
    expect(created.json().status).toBe('APPROVED');
    expect(await kept(created.json().id)).toEqual([]);
  });

  it('500s at the create and at the first replay, then Adyen answers: the same key and body minus cvc, APPROVED once; the kept row holds no PAN nor CVV', async () => {
    const { tx, key, cvv, number } = await unknownCreate(12_345);
    // (5) What is kept: the ev: number the core received, no CVV, nothing readable.
    const [row] = await kept(tx.id);
    expect(row).toMatchObject({ attemptId: key, transactionId: tx.id, organizationId: org.id });
    const request = row!.request as { card: Record<string, unknown>; idempotencyKey: string };
    expect(request.card.number).toBe(number);
    expect(String(request.card.number).startsWith('ev:')).toBe(true);
    expect(request.card).not.toHaveProperty('cvv');
    const text = JSON.stringify(row);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain(cvv);
    expect(text).not.toMatch(/\d{13,19}/);
    expect(row!.expiresAt.getTime() - new Date(tx.created_at).getTime()).toBe(24 * 3_600_000);

    // The first replay (10 s after) meets three more 500s; the next one (R5.1's schedule) is answered.
    adyen.server.fail('/v71/payments', 500, 3);
    await advance(30);
    const seen = underKey(key);
    expect(seen.map((r) => r.status)).toEqual([500, 500, 500, 500, 500, 500, 200]);
    for (const r of seen) expect(r.problems).toEqual([]);
    const sent = seen[0]!.body as { paymentMethod: Record<string, unknown> };
    expect(sent.paymentMethod.cvc).toBe('[REDACTED]');
    const { cvc: _cvc, ...withoutCvc } = sent.paymentMethod;
    for (const replay of seen.slice(3)) {
      expect((replay.body as { paymentMethod: object }).paymentMethod).not.toHaveProperty('cvc');
      expect(replay.body).toEqual({ ...sent, paymentMethod: withoutCvc });
    }
    const view = await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey);
    expect(view).toMatchObject({ status: 'APPROVED', captured_amount: 12_345 });
    expect(view.provider_reference).toMatch(/^\w+$/);
    expect(await kept(tx.id)).toEqual([]);
    // The Authorised notification that follows (the same psp) changes nothing; later syncs ask nothing.
    await notify([
      {
        pspReference: view.provider_reference,
        merchantReference: tx.id,
        eventCode: 'AUTHORISATION',
        success: 'true',
        amount: { value: 12_345, currency: 'BRL' },
      },
    ]);
    await advance(3_600);
    expect(underKey(key)).toHaveLength(7);
    expect(await approvals(tx.id)).toBe(1);
    expect(await movesTo(tx.id, 'APPROVED')).toBe(1);
    await invariants();
  });

  it('the replay answers Refused: REFUSED by R2.5, the kept row gone, nothing posted', async () => {
    const { tx, key } = await unknownCreate(7_000);
    adyen.forceResult('Refused', '2');
    await advance(15);
    expect(underKey(key).map((r) => r.status)).toEqual([500, 500, 500, 200]);
    const view = await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey);
    expect(view).toMatchObject({ status: 'REFUSED', refusal: { code: 'CARD_DECLINED', provider_code: '2' } });
    expect(await kept(tx.id)).toEqual([]);
    expect(await movesTo(tx.id, 'REFUSED')).toBe(1);
    expect(await approvals(tx.id)).toBe(0);
    await invariants();
  });

  it('the notification first: the sync finds it resolved and stops; nothing doubled', async () => {
    const { tx, key } = await unknownCreate(9_000);
    const psp = `PSP${randomBytes(6).toString('hex').toUpperCase()}`;
    await notify([
      {
        pspReference: psp,
        merchantReference: tx.id,
        eventCode: 'AUTHORISATION',
        success: 'true',
        amount: { value: 9_000, currency: 'BRL' },
      },
    ]);
    expect((await transactionRow(t, tx.id))!.status).toBe('APPROVED');
    // Deleted in the notification's move.
    expect(await kept(tx.id)).toEqual([]);
    await advance(120);
    expect(underKey(key)).toHaveLength(3);
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `transaction.sync:${tx.id}`));
    expect(job!.status).toBe('DONE');
    expect(await ok(t, 'GET', `/v1/transactions/${tx.id}`, merchant.apiKey)).toMatchObject({
      status: 'APPROVED',
      provider_reference: psp,
    });
    expect(await approvals(tx.id)).toBe(1);
    expect(await movesTo(tx.id, 'APPROVED')).toBe(1);
    await invariants();
  });

  it('the notification and the sync at once: whichever lands first moves it, the other finds it resolved; one approval', async () => {
    const { tx } = await unknownCreate(5_500);
    await deliver([
      {
        pspReference: `PSP${randomBytes(6).toString('hex').toUpperCase()}`,
        merchantReference: tx.id,
        eventCode: 'AUTHORISATION',
        success: 'true',
        amount: { value: 5_500, currency: 'BRL' },
      },
    ]);
    await Promise.all([advance(15), processEvents()]);
    expect((await transactionRow(t, tx.id))!.status).toBe('APPROVED');
    expect(await kept(tx.id)).toEqual([]);
    expect(await approvals(tx.id)).toBe(1);
    expect(await movesTo(tx.id, 'APPROVED')).toBe(1);
    await invariants();
  });

  it('no answer for 24 h: the replays stop, it stays PROCESSING, the kept row is gone; a late notification resolves it', async () => {
    const { tx, key } = await unknownCreate(4_400);
    // Adyen keeps "Received" for the key: every replay is answered, never with an outcome.
    adyen.forceResult('Received');
    await advance(23 * 3_600);
    const before = underKey(key).length;
    // 10 s, 30 s, 1, 2, 5, 10, 30 min, then hourly: 8 replays in the first hour, then one an hour.
    expect(before).toBeGreaterThanOrEqual(3 + 8 + 20);
    expect(before).toBeLessThanOrEqual(3 + 8 + 23);
    expect(await kept(tx.id)).toHaveLength(1);
    await advance(2 * 3_600);
    expect((await transactionRow(t, tx.id))!.status).toBe('PROCESSING');
    expect(await kept(tx.id)).toEqual([]);
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `transaction.sync:${tx.id}`));
    expect(job!.status).toBe('DONE');
    const stopped = underKey(key).length;
    expect(stopped - before).toBeLessThanOrEqual(2);
    for (const r of underKey(key)) expect(r.problems).toEqual([]);
    await advance(48 * 3_600);
    expect(underKey(key)).toHaveLength(stopped);
    expect((await transactionRow(t, tx.id))!.status).toBe('PROCESSING');
    // A later AUTHORISATION still resolves it, once.
    await notify([
      {
        pspReference: `PSP${randomBytes(6).toString('hex').toUpperCase()}`,
        merchantReference: tx.id,
        eventCode: 'AUTHORISATION',
        success: 'true',
        amount: { value: 4_400, currency: 'BRL' },
      },
    ]);
    expect((await transactionRow(t, tx.id))!.status).toBe('APPROVED');
    expect(await approvals(tx.id)).toBe(1);
    await invariants();
  });

  it("the claim's kept row is written even when another attempt's operation is still open (the claim fails alone)", async () => {
    const { tx, key } = await unknownCreate(2_200);
    const row = (await transactionRow(t, tx.id))!;
    const other = { id: randomUUID(), number: 2, provider: set.account.provider, provider_account_id: set.account.id };
    await claimAttemptOperation(
      t.db.db,
      row,
      other,
      new Date(),
      keptAuthorizationInsert(t.db.db, {
        attemptId: other.id,
        transactionId: tx.id,
        organizationId: org.id,
        request: { probe: true },
        transactionCreatedAt: row.createdAt,
      }),
    );
    expect((await kept(tx.id)).map((k) => k.attemptId).sort()).toEqual([key, other.id].sort());
    const ops = await t.db.db.select().from(providerOperations).where(eq(providerOperations.resourceId, tx.id));
    expect(ops.map((o) => [o.id, o.status])).toEqual([[key, 'PENDING']]);
    await t.db.db.delete(keptAuthorizations).where(eq(keptAuthorizations.attemptId, other.id));
  });

  it('a row without a kept request (before issue 25): the sync keeps asking (REPLAY_NEEDS_REQUEST), sends nothing', async () => {
    const { tx, key } = await unknownCreate(3_300);
    await t.db.db.delete(keptAuthorizations).where(eq(keptAuthorizations.transactionId, tx.id));
    await advance(600);
    expect(underKey(key)).toHaveLength(3);
    expect((await transactionRow(t, tx.id))!.status).toBe('PROCESSING');
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `transaction.sync:${tx.id}`));
    expect(job!.status).toBe('PENDING');
  });
});
