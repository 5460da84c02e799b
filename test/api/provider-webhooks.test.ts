import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  bankAccounts,
  disputes,
  ledgerAccounts,
  ledgerTransactions,
  providerAccounts,
  providerEvents,
  refunds,
  transactions,
} from '../../src/db/schema/index.js';
import { signNotificationItem, type NotificationItemFields } from '../../src/providers/adyen-checkout/hmac.js';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { expectIntegrity, expectMoneyInvariants, moneyMerchant } from '../helpers/money-checks.js';
import { eventually } from '../helpers/poll.js';
import { ratePoolOf } from '../helpers/rate-pools.js';
import { cardPayment, createTx, makePaying } from '../helpers/transactions.js';
import {
  eventsAbout,
  merchantWithAccount,
  seedTransaction,
  transactionRow,
  type Merchant,
} from '../helpers/seed-transactions.js';
import { acceptedHmacKey } from '../helpers/hmac-key.js';

/**
 * providers.md R4 over HTTP: the public intake of each connector (authenticity, [accepted], dedupe, redaction),
 * the processing job through the owning areas (never backwards; conflicts as transaction.discrepancy-detected;
 * money posted once), unmatched events reprocessed, and the staff routes.
 */
let t: TestApp;
let m: Merchant;
/** A merchant affiliated to the Adyen account, its bank account on that account's ledger. */
let ma: Merchant;
let adyen: { id: string; provider: string };
let sandboxAccountId: string;
const HMAC_KEY = acceptedHmacKey().toUpperCase();
const OTHER_KEY = acceptedHmacKey().toUpperCase();

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/platform/provider-accounts',
    key: t.platformKey,
    payload: {
      provider: `ADY_${randomBytes(4).toString('hex').toUpperCase()}`,
      display_name: 'Adyen',
      connector: 'ADYEN_CHECKOUT',
      environment: 'TEST',
      settings: { default_merchant_account: 'ExampleECOM' },
      credentials: { api_key: 'AQE-test-key-0123456789', hmac_key: HMAC_KEY },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  adyen = res.json();
  const org = await t.createOrganization();
  const merchant = await t.createMerchant(org.apiKey);
  await makePaying(t, merchant.id, [adyen.provider]);
  // Opened at PROVIDER_A (the bank-account route does not take account names yet), then moved to the Adyen
  // account's ledger before any money moves on it (Changes 9: a ledger-only account).
  const bank = await t.request({
    method: 'POST',
    url: '/core/v1/banking/bank-accounts',
    key: org.apiKey,
    payload: { provider: 'PROVIDER_A', company_id: merchant.id },
  });
  expect(bank.statusCode, bank.body).toBe(201);
  await t.db.db.update(bankAccounts).set({ provider: adyen.provider }).where(eq(bankAccounts.id, bank.json().id));
  await t.db.db.update(ledgerAccounts).set({ provider: adyen.provider }).where(eq(ledgerAccounts.id, bank.json().id));
  ma = { id: merchant.id, organizationId: org.id, apiKey: merchant.apiKey, bankAccountId: bank.json().id };
  const [a] = await t.db.db.select().from(providerAccounts).where(eq(providerAccounts.provider, 'PROVIDER_A'));
  sandboxAccountId = a!.id;
});
afterAll(async () => t?.close());
afterEach(async () => {
  await expectLedgerInvariants(t.db.db);
  await expectIntegrity(t);
});

const staff = (method: 'GET' | 'POST', url: string) => t.request({ method, url: `/core${url}`, key: t.platformKey });

/** A seeded transaction moved to the Adyen account under `psp` (the connector records Adyen's pspReference there). */
async function atAdyen(
  status: 'PROCESSING' | 'AUTHORIZED',
  psp = `PSP${randomBytes(6).toString('hex').toUpperCase()}`,
  capture?: boolean,
) {
  const row = await seedTransaction(t, ma, { status, amount: 10_000 });
  await t.db.db
    .update(transactions)
    .set({ provider: adyen.provider, providerReference: psp, ...(capture === undefined ? {} : { capture }) })
    .where(eq(transactions.id, row.id));
  return { id: row.id, psp };
}

function item(
  fields: Partial<NotificationItemFields> & { eventCode: string; pspReference: string },
  key = HMAC_KEY,
  extra: Record<string, string> = {},
) {
  const base: NotificationItemFields = {
    originalReference: '',
    merchantAccountCode: 'ExampleECOM',
    merchantReference: randomUUID(),
    amount: { value: 10_000, currency: 'BRL' },
    success: 'true',
    ...fields,
  };
  return {
    NotificationRequestItem: {
      ...base,
      eventDate: '2026-01-01T10:00:00+01:00',
      additionalData: { ...extra, hmacSignature: signNotificationItem(base, key) },
    },
  };
}
const notify = (items: unknown[], live = 'false', id = adyen.id) =>
  t.request({
    method: 'POST',
    url: `/core/v1/provider-webhooks/${id}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ live, notificationItems: items }),
  });

async function eventOf(key: string, account = adyen.id) {
  const res = await staff(
    'GET',
    `/v1/platform/provider-events?provider_account_id=${account}&dedupe_key=${encodeURIComponent(key)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}
const settled = (key: string, account = adyen.id) =>
  eventually(
    () => eventOf(key, account),
    (e) => e && e.status !== 'PENDING',
    `event ${key}`,
  );
const status = async (id: string) => (await transactionRow(t, id))!.status;
const approvalPostings = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.sourceId, id), eq(ledgerTransactions.code, 'TRANSACTION_APPROVED')))
  ).length;

describe('ADYEN_CHECKOUT notifications (R2.9, R4.2)', () => {
  it('a valid HMAC answers [accepted] as text/plain; the capture applies once even sent twice; the pool is the high one, per account', async () => {
    const tr = await atAdyen('AUTHORIZED');
    const capture = item({
      eventCode: 'CAPTURE',
      pspReference: `CAP${tr.psp}`,
      originalReference: tr.psp,
      merchantReference: tr.id,
    });
    const first = await notify([capture]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    expect(first.body).toBe('[accepted]');
    expect(ratePoolOf(first)).toBe('high');
    const ev = await settled(`CAP${tr.psp}:CAPTURE:true`);
    expect(ev).toMatchObject({
      status: 'PROCESSED',
      effect: 'APPLIED',
      resource_type: 'TRANSACTION',
      resource_id: tr.id,
      event_type: 'CAPTURE',
      success: true,
      connector: 'ADYEN_CHECKOUT',
      provider: adyen.provider,
      duplicates: 0,
      tries: 1,
    });
    expect(await status(tr.id)).toBe('APPROVED');
    const before = await eventsAbout(t, tr.id, ['transaction.status-changed']);
    const again = await notify([capture]);
    expect(again.body).toBe('[accepted]');
    await eventually(
      () => eventOf(`CAP${tr.psp}:CAPTURE:true`),
      (e) => e.duplicates === 1,
      'the duplicate counted',
    );
    expect(await eventsAbout(t, tr.id, ['transaction.status-changed'])).toHaveLength(before.length);
    const rows = await t.db.db
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.dedupeKey, `CAP${tr.psp}:CAPTURE:true`));
    expect(rows).toHaveLength(1);
  });

  it('a bad HMAC answers 401 INVALID_SIGNATURE and stores nothing, sent twice too', async () => {
    const tr = await atAdyen('AUTHORIZED');
    for (let i = 0; i < 2; i++) {
      const res = await notify([
        item({ eventCode: 'CAPTURE', pspReference: `BAD${tr.psp}`, originalReference: tr.psp }, OTHER_KEY),
      ]);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({
        code: 'AUTHENTICATION_ERROR',
        details: { reason: 'INVALID_SIGNATURE' },
      });
    }
    // One bad item refuses the whole request.
    const mixed = await notify([
      item({ eventCode: 'CAPTURE', pspReference: `OK${tr.psp}`, originalReference: tr.psp }),
      item({ eventCode: 'CAPTURE', pspReference: `BAD2${tr.psp}`, originalReference: tr.psp }, OTHER_KEY),
    ]);
    expect(mixed.statusCode).toBe(401);
    expect(
      await t.db.db
        .select()
        .from(providerEvents)
        .where(sql`${providerEvents.dedupeKey} like ${`%${tr.psp}%`}`),
    ).toEqual([]);
    expect(await status(tr.id)).toBe('AUTHORIZED');
  });

  it('live must match the environment (400 on live); a body that is not JSON is 400 on body; unknown accounts 404', async () => {
    const wrongLive = await notify([item({ eventCode: 'CAPTURE', pspReference: 'PSPLIVE' })], 'true');
    expect(wrongLive.statusCode).toBe(400);
    expect(wrongLive.json().error.details).toMatchObject({ invalidField: 'live' });
    const notJson = await t.request({
      method: 'POST',
      url: `/core/v1/provider-webhooks/${adyen.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.details).toMatchObject({ invalidField: 'body' });
    expect((await notify([], 'false', randomUUID())).statusCode).toBe(404);
    expect((await notify([], 'false', 'not-a-uuid')).statusCode).toBe(404);
    // The PIX route of a non-PIX account does not exist.
    expect(
      (await t.request({ method: 'POST', url: `/core/v1/provider-webhooks/${adyen.id}/token/pix`, payload: '{}' }))
        .statusCode,
    ).toBe(404);
  });

  it('out of order: AUTHORISATION after CAPTURE changes nothing; CAPTURE_FAILED after approval raises a discrepancy; money posted once', async () => {
    const tr = await atAdyen('PROCESSING', undefined, false);
    const capture = item({
      eventCode: 'CAPTURE',
      pspReference: `C${tr.psp}`,
      originalReference: tr.psp,
      merchantReference: tr.id,
    });
    const auth = item({ eventCode: 'AUTHORISATION', pspReference: tr.psp, merchantReference: tr.id });
    const failed = item({
      eventCode: 'CAPTURE_FAILED',
      pspReference: `F${tr.psp}`,
      originalReference: tr.psp,
      merchantReference: tr.id,
    });
    // Each sent twice, in the wrong order.
    for (const batch of [[capture], [capture, auth], [failed], [auth, failed]])
      expect((await notify(batch)).body).toBe('[accepted]');
    expect(await settled(`C${tr.psp}:CAPTURE:true`)).toMatchObject({ effect: 'APPLIED' });
    expect(await settled(`${tr.psp}:AUTHORISATION:true`)).toMatchObject({
      status: 'PROCESSED',
      effect: 'NO_CHANGE',
      duplicates: 1,
    });
    expect(await settled(`F${tr.psp}:CAPTURE_FAILED:true`)).toMatchObject({
      status: 'PROCESSED',
      effect: 'CONFLICT',
      duplicates: 1,
    });
    expect(await status(tr.id)).toBe('APPROVED');
    expect(await approvalPostings(tr.id)).toBe(1);
    const discrepancies = await eventsAbout(t, tr.id, ['transaction.discrepancy-detected']);
    expect(discrepancies.map((e) => e.payload)).toEqual([
      {
        transaction_id: tr.id,
        refund_id: null,
        dispute_id: null,
        kind: 'CAPTURE_FAILED_AFTER_APPROVAL',
        provider: adyen.provider,
        provider_event_id: `F${tr.psp}`,
        detail: expect.any(String),
      },
    ]);
    expect(discrepancies[0]!.companyId).toBe(ma.id);
    const moves = (await eventsAbout(t, tr.id, ['transaction.status-changed'])).map(
      (e) => (e.payload as { new_status: string }).new_status,
    );
    expect(moves.filter((s) => s === 'APPROVED')).toHaveLength(1);
  });

  it('AUTHORISATION false on a PROCESSING transaction refuses it with R2.5; true after that is an orphan: VOIDED_ORPHAN with an OUTCOME_CONFLICT', async () => {
    const tr = await atAdyen('PROCESSING');
    await notify([
      item({ eventCode: 'AUTHORISATION', pspReference: tr.psp, merchantReference: tr.id, success: 'false' }),
    ]);
    expect(await settled(`${tr.psp}:AUTHORISATION:false`)).toMatchObject({ effect: 'APPLIED' });
    expect((await transactionRow(t, tr.id))!.refusal).toMatchObject({ code: 'CARD_DECLINED' });
    await notify([item({ eventCode: 'AUTHORISATION', pspReference: tr.psp, merchantReference: tr.id })]);
    // R2.9: the authorization is voided (adyen-notifications-faults.test.ts checks the call), the transaction stays.
    expect(await settled(`${tr.psp}:AUTHORISATION:true`)).toMatchObject({ effect: 'VOIDED_ORPHAN' });
    expect(await status(tr.id)).toBe('REFUSED');
    expect(
      (await eventsAbout(t, tr.id, ['transaction.discrepancy-detected'])).map(
        (e) => (e.payload as { kind: string }).kind,
      ),
    ).toEqual(['OUTCOME_CONFLICT']);
  });

  it('unmatched, then matched once the reference exists (staff reprocess); reprocessing a processed event is 409', async () => {
    const psp = `LATE${randomBytes(5).toString('hex').toUpperCase()}`;
    await notify([item({ eventCode: 'CAPTURE', pspReference: `C${psp}`, originalReference: psp })]);
    const waiting = await settled(`C${psp}:CAPTURE:true`);
    expect(waiting).toMatchObject({
      status: 'UNMATCHED',
      effect: null,
      resource_id: null,
      tries: 1,
      next_attempt_at: expect.any(String),
    });
    expect(Date.parse(waiting.next_attempt_at) - Date.parse(waiting.created_at)).toBe(10_000);
    const tr = await atAdyen('AUTHORIZED', psp);
    const res = await staff('POST', `/v1/platform/provider-events/${waiting.id}/reprocess`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: waiting.id,
      status: 'PROCESSED',
      effect: 'APPLIED',
      resource_type: 'TRANSACTION',
      resource_id: tr.id,
      tries: 2,
      next_attempt_at: null,
    });
    expect(await status(tr.id)).toBe('APPROVED');
    const again = await staff('POST', `/v1/platform/provider-events/${waiting.id}/reprocess`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual({ field: 'status', value: 'PROCESSED' });
  });

  it('chargebacks open and decide a dispute with M6 moves; a second chargeback after WON is a discrepancy', async () => {
    const tr = await atAdyen('AUTHORIZED');
    await notify([item({ eventCode: 'CAPTURE', pspReference: `C${tr.psp}`, originalReference: tr.psp })]);
    expect(await settled(`C${tr.psp}:CAPTURE:true`)).toMatchObject({ effect: 'APPLIED' });
    const cb = item(
      {
        eventCode: 'NOTIFICATION_OF_CHARGEBACK',
        pspReference: tr.psp,
        originalReference: tr.psp,
        amount: { value: 4_000, currency: 'BRL' },
      },
      HMAC_KEY,
      { chargebackReasonCode: ' 10.4 ' },
    );
    await notify([cb]);
    await notify([cb]);
    expect(await settled(`${tr.psp}:NOTIFICATION_OF_CHARGEBACK:true`)).toMatchObject({
      effect: 'APPLIED',
      resource_type: 'DISPUTE',
    });
    const [d] = await t.db.db.select().from(disputes).where(eq(disputes.transactionId, tr.id));
    expect(d).toMatchObject({ status: 'OPEN', amount: 4_000, reason: 'FRAUD', reasonCode: '10.4' });
    await notify([item({ eventCode: 'CHARGEBACK_REVERSED', pspReference: tr.psp, originalReference: tr.psp })]);
    expect(await settled(`${tr.psp}:CHARGEBACK_REVERSED:true`)).toMatchObject({
      effect: 'APPLIED',
      resource_id: d!.id,
    });
    const moves = (await eventsAbout(t, d!.id, ['dispute.status-changed'])).map(
      (e) => e.payload as { old_status: string; new_status: string },
    );
    expect(moves).toHaveLength(2);
    expect(moves).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ old_status: 'OPEN', new_status: 'UNDER_REVIEW' }),
        expect.objectContaining({ old_status: 'UNDER_REVIEW', new_status: 'WON' }),
      ]),
    );
    await notify([item({ eventCode: 'SECOND_CHARGEBACK', pspReference: tr.psp, originalReference: tr.psp })]);
    expect(await settled(`${tr.psp}:SECOND_CHARGEBACK:true`)).toMatchObject({ effect: 'CONFLICT' });
    expect(
      (await eventsAbout(t, tr.id, ['transaction.discrepancy-detected'])).map(
        (e) => (e.payload as { kind: string; dispute_id: string }).kind,
      ),
    ).toEqual(['SECOND_CHARGEBACK']);
  });

  it('a card number in additionalData is kept as [REDACTED]; an unhandled code is IGNORED / NOT_HANDLED', async () => {
    const psp = `RED${randomBytes(5).toString('hex').toUpperCase()}`;
    const res = await notify([
      item({ eventCode: 'REPORT_AVAILABLE', pspReference: psp }, HMAC_KEY, {
        cardNumber: '4111111111111111',
        cardSummary: '1111',
      }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const ev = await settled(`${psp}:REPORT_AVAILABLE:true`);
    expect(ev).toMatchObject({ status: 'IGNORED', effect: 'NOT_HANDLED' });
    expect(ev.raw.additionalData.cardNumber).toBe('[REDACTED]');
    const stored = await t.db.db.select().from(providerEvents).where(eq(providerEvents.id, ev.id));
    expect(JSON.stringify(stored)).not.toContain('4111111111111111');
  });

  it('notifications arriving together are stored by one group commit: each once, a twin counted as a duplicate, one job each', async () => {
    const tag = randomBytes(4).toString('hex').toUpperCase();
    const items = Array.from({ length: 6 }, (_, i) =>
      item({ eventCode: 'REPORT_AVAILABLE', pspReference: `GRP${tag}${i}` }),
    );
    const twin = items[0];
    const answers = await Promise.all([
      ...items.slice(0, 4).map((x) => notify([x])),
      notify([twin]),
      notify(items.slice(4)),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.db
      .select()
      .from(providerEvents)
      .where(sql`${providerEvents.dedupeKey} like ${`GRP${tag}%`}`);
    expect(rows).toHaveLength(6);
    expect(rows.reduce((n, r) => n + r.duplicates, 0)).toBe(1);
    for (let i = 0; i < 6; i++) {
      const ev = await settled(`GRP${tag}${i}:REPORT_AVAILABLE:true`);
      expect(ev).toMatchObject({ status: 'IGNORED', effect: 'NOT_HANDLED', tries: 1 });
    }
  });
});

describe('SANDBOX events (R4.3)', () => {
  const send = (body: object, secret = SANDBOX_WEBHOOK_SECRET) => {
    const raw = JSON.stringify(body);
    return t.request({
      method: 'POST',
      url: `/core/v1/provider-webhooks/${sandboxAccountId}`,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`,
      },
      payload: raw,
    });
  };

  it('payment.updated captured approves an AUTHORIZED transaction, answered { accepted: 1 }; a wrong signature is 401', async () => {
    const row = await seedTransaction(t, m, { status: 'AUTHORIZED' });
    const body = {
      id: `evt_${randomUUID()}`,
      type: 'payment.updated',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: row.id, status: 'captured' },
    };
    expect((await send(body, 'wrong-secret-000000')).statusCode).toBe(401);
    const res = await send(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 1 });
    expect(await settled(body.id, sandboxAccountId)).toMatchObject({
      status: 'PROCESSED',
      effect: 'APPLIED',
      occurred_at: '2026-01-01T00:00:00.000Z',
    });
    expect(await status(row.id)).toBe('APPROVED');
    await send(body);
    expect(
      (
        await eventually(
          () => eventOf(body.id, sandboxAccountId),
          (e) => e.duplicates === 1,
        )
      ).effect,
    ).toBe('APPLIED');
  });

  it('refund.updated refunded settles a PENDING refund; refund_failed afterwards is REFUND_FAILED_AFTER_SUCCESS', async () => {
    const row = await seedTransaction(t, m, { status: 'APPROVED', cardNumber: '4000000000007726' });
    const created = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${row.id}/refunds`,
      key: m.apiKey,
      payload: { amount: 2_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const refundId = created.json().id;
    expect(created.json().status).toBe('PENDING');
    const ok = {
      id: `evt_${randomUUID()}`,
      type: 'refund.updated',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: refundId, status: 'refunded' },
    };
    await send(ok);
    expect(await settled(ok.id, sandboxAccountId)).toMatchObject({
      effect: 'APPLIED',
      resource_type: 'REFUND',
      resource_id: refundId,
    });
    const [r] = await t.db.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(r!.status).toBe('SUCCEEDED');
    expect(await status(row.id)).toBe('PARTIALLY_REFUNDED');
    const late = {
      id: `evt_${randomUUID()}`,
      type: 'refund.updated',
      created_at: '2026-01-01T00:00:01Z',
      data: { reference: refundId, status: 'refund_failed' },
    };
    await send(late);
    expect(await settled(late.id, sandboxAccountId)).toMatchObject({ effect: 'CONFLICT' });
    expect((await eventsAbout(t, row.id, ['transaction.discrepancy-detected'])).map((e) => e.payload)).toEqual([
      expect.objectContaining({ kind: 'REFUND_FAILED_AFTER_SUCCESS', refund_id: refundId }),
    ]);
  });

  it('money: a capture and a refund, each event sent twice and in the wrong order, post once (money.md invariants)', async () => {
    const mm = await moneyMerchant(t, { feePercentage: 2, cashoutPrice: 0 });
    const created = await createTx(
      t,
      mm.merchantKey,
      await cardPayment(t, '4000000000007726', { capture: false, amount: 8_000 }),
    );
    expect(created.json().status, created.body).toBe('AUTHORIZED');
    const id = created.json().id;
    const auth = {
      id: `evt_${randomUUID()}`,
      type: 'payment.updated',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: id, status: 'authorized' },
    };
    const captured = {
      id: `evt_${randomUUID()}`,
      type: 'payment.updated',
      created_at: '2026-01-01T00:00:01Z',
      data: { reference: id, status: 'captured' },
    };
    for (const body of [captured, auth, captured, auth]) expect((await send(body)).statusCode).toBe(200);
    expect(await settled(captured.id, sandboxAccountId)).toMatchObject({ effect: 'APPLIED' });
    expect(await settled(auth.id, sandboxAccountId)).toMatchObject({ effect: 'NO_CHANGE' });
    const refund = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${id}/refunds`,
      key: mm.merchantKey,
      payload: { amount: 3_000 },
    });
    expect(refund.json().status, refund.body).toBe('PENDING');
    const refunded = {
      id: `evt_${randomUUID()}`,
      type: 'refund.updated',
      created_at: '2026-01-01T00:00:02Z',
      data: { reference: refund.json().id, status: 'refunded' },
    };
    const requested = {
      id: `evt_${randomUUID()}`,
      type: 'refund.updated',
      created_at: '2026-01-01T00:00:01Z',
      data: { reference: refund.json().id, status: 'requested' },
    };
    for (const body of [refunded, requested, refunded]) expect((await send(body)).statusCode).toBe(200);
    expect(await settled(refunded.id, sandboxAccountId)).toMatchObject({ effect: 'APPLIED' });
    expect(await settled(requested.id, sandboxAccountId)).toMatchObject({ effect: 'NO_CHANGE' });
    expect(await status(id)).toBe('PARTIALLY_REFUNDED');
    expect(await approvalPostings(id)).toBe(1);
    await expectMoneyInvariants(t, mm);
  });

  it('an unknown type or status is stored IGNORED, never guessed; a malformed body is 400', async () => {
    const body = {
      id: `evt_${randomUUID()}`,
      type: 'payment.teleported',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: randomUUID(), status: 'gone' },
    };
    expect((await send(body)).json()).toEqual({ accepted: 1 });
    expect(await settled(body.id, sandboxAccountId)).toMatchObject({ status: 'IGNORED', effect: 'NOT_HANDLED' });
    const bad = await send({ type: 'payment.updated' });
    expect(bad.statusCode).toBe(400);
  });

  it('a reference of another account matches nothing (UNMATCHED)', async () => {
    const tr = await atAdyen('AUTHORIZED');
    const body = {
      id: `evt_${randomUUID()}`,
      type: 'payment.updated',
      created_at: '2026-01-01T00:00:00Z',
      data: { reference: tr.id, status: 'captured' },
    };
    await send(body);
    expect(await settled(body.id, sandboxAccountId)).toMatchObject({ status: 'UNMATCHED' });
    expect(await status(tr.id)).toBe('AUTHORIZED');
  });
});

describe('staff routes (R4.6)', () => {
  it('list with filters, one, 404 and the staff key only', async () => {
    const list = await staff(
      'GET',
      `/v1/platform/provider-events?provider=${adyen.provider.toLowerCase()}&status=PROCESSED&effect=APPLIED&sort=-occurred_at&limit=100`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.length).toBeGreaterThan(0);
    expect(
      list
        .json()
        .data.every(
          (e: { provider: string; status: string; effect: string }) =>
            e.provider === adyen.provider && e.status === 'PROCESSED' && e.effect === 'APPLIED',
        ),
    ).toBe(true);
    const one = list.json().data[0];
    expect(Object.keys(one).sort()).toEqual([
      'connector',
      'created_at',
      'dedupe_key',
      'detail',
      'duplicates',
      'effect',
      'event_type',
      'id',
      'last_error',
      'next_attempt_at',
      'occurred_at',
      'processed_at',
      'provider',
      'provider_account_id',
      'provider_event_id',
      'raw',
      'resource_id',
      'resource_type',
      'status',
      'success',
      'tries',
      'updated_at',
    ]);
    expect((await staff('GET', `/v1/platform/provider-events/${one.id}`)).json()).toEqual(one);
    expect((await staff('GET', `/v1/platform/provider-events/${randomUUID()}`)).statusCode).toBe(404);
    expect((await staff('GET', '/v1/platform/provider-events?status=NOPE')).statusCode).toBe(400);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/platform/provider-events', key: m.apiKey })).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/core/v1/platform/provider-events' })).statusCode).toBe(401);
  });
});

describe('PIX_API_BCB callbacks (R3.7, R4.2)', () => {
  let pix: { id: string; provider: string; token: string };
  let mp: Merchant;

  beforeAll(async () => {
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/platform/provider-accounts',
      key: t.platformKey,
      payload: {
        provider: `PIX_${randomBytes(4).toString('hex').toUpperCase()}`,
        display_name: 'PSP Pix',
        connector: 'PIX_API_BCB',
        environment: 'TEST',
        base_url: 'http://127.0.0.1:9/api/v2',
        settings: { register_webhooks: false },
        credentials: { client_id: 'client-1', client_secret: 'pix-client-secret-value' },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    const url = new URL(account.webhook.url);
    pix = { id: account.id, provider: account.provider, token: url.pathname.split('/').pop()! };
    expect(url.pathname).toBe(`/core/v1/provider-webhooks/${account.id}/${pix.token}`);
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    await makePaying(t, merchant.id, [pix.provider]);
    const bank = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A', company_id: merchant.id },
    });
    await t.db.db.update(bankAccounts).set({ provider: pix.provider }).where(eq(bankAccounts.id, bank.json().id));
    await t.db.db.update(ledgerAccounts).set({ provider: pix.provider }).where(eq(ledgerAccounts.id, bank.json().id));
    mp = { id: merchant.id, organizationId: org.id, apiKey: merchant.apiKey, bankAccountId: bank.json().id };
  });

  const callback = (body: object, token = pix.token, suffix = '/pix') =>
    t.request({
      method: 'POST',
      url: `/core/v1/provider-webhooks/${pix.id}/${token}${suffix}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  async function waitingPix() {
    const row = await seedTransaction(t, mp, { status: 'WAITING_PAYMENT', amount: 10_000 });
    await t.db.db.update(transactions).set({ provider: pix.provider }).where(eq(transactions.id, row.id));
    return { id: row.id, txid: row.id.replace(/-/g, '') };
  }

  it('a wrong token answers 401 INVALID_TOKEN and stores nothing; the right one pays the charge once, sent twice and on both routes', async () => {
    const tr = await waitingPix();
    const e2e = `E${randomBytes(15).toString('hex')}`.slice(0, 32);
    const body = { pix: [{ endToEndId: e2e, txid: tr.txid, valor: '100.00', horario: '2026-01-01T12:00:00.000Z' }] };
    const wrong = await callback(body, 'x'.repeat(43));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.details).toEqual({ reason: 'INVALID_TOKEN' });
    expect(
      await t.db.db
        .select()
        .from(providerEvents)
        .where(eq(providerEvents.dedupeKey, `pix:${e2e}`)),
    ).toEqual([]);
    const res = await callback(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 1 });
    expect(await settled(`pix:${e2e}`, pix.id)).toMatchObject({
      status: 'PROCESSED',
      effect: 'APPLIED',
      event_type: 'PIX_RECEIVED',
      provider_event_id: e2e,
      resource_id: tr.id,
      occurred_at: '2026-01-01T12:00:00.000Z',
    });
    const row = await transactionRow(t, tr.id);
    expect(row!.status).toBe('APPROVED');
    expect(row!.pix).toMatchObject({ end_to_end_id: e2e, paid_at: '2026-01-01T12:00:00.000Z' });
    expect((await callback(body, pix.token, '')).json()).toEqual({ accepted: 1 });
    await eventually(
      () => eventOf(`pix:${e2e}`, pix.id),
      (e) => e.duplicates === 1,
      'the duplicate counted',
    );
    expect(await approvalPostings(tr.id)).toBe(1);
  });

  it('paid with another amount: approved, booked once, and AMOUNT_MISMATCH is reported', async () => {
    const tr = await waitingPix();
    const e2e = `E4${randomBytes(14).toString('hex')}`;
    await callback({ pix: [{ endToEndId: e2e, txid: tr.txid, valor: '120.50', horario: '2026-01-01T12:00:00.000Z' }] });
    expect(await settled(`pix:${e2e}`, pix.id)).toMatchObject({ last_error: null, effect: 'APPLIED' });
    expect(await status(tr.id)).toBe('APPROVED');
    expect(await approvalPostings(tr.id)).toBe(1);
    expect(
      (await eventsAbout(t, tr.id, ['transaction.discrepancy-detected'])).map(
        (e) => (e.payload as { kind: string }).kind,
      ),
    ).toEqual(['AMOUNT_MISMATCH']);
  });

  it('a second payment of a paid charge is DUPLICATE_PAYMENT; a Pix without txid is IGNORED; a disabled account still receives', async () => {
    const tr = await waitingPix();
    const first = `E1${randomBytes(14).toString('hex')}`;
    const second = `E2${randomBytes(14).toString('hex')}`;
    const noTxid = `E3${randomBytes(14).toString('hex')}`;
    const disabled = await t.request({
      method: 'POST',
      url: `/core/v1/platform/provider-accounts/${pix.id}/disable`,
      key: t.platformKey,
      payload: {},
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const res = await callback({
      pix: [
        { endToEndId: first, txid: tr.txid, valor: '100.00', horario: '2026-01-01T12:00:00.000Z' },
        { endToEndId: noTxid, valor: '5.00', horario: '2026-01-01T12:00:00.000Z' },
      ],
    });
    expect(res.json()).toEqual({ accepted: 2 });
    expect(await settled(`pix:${first}`, pix.id)).toMatchObject({ effect: 'APPLIED' });
    expect(await settled(`pix:${noTxid}`, pix.id)).toMatchObject({ status: 'IGNORED', effect: 'NOT_HANDLED' });
    await callback({
      pix: [{ endToEndId: second, txid: tr.txid, valor: '100.00', horario: '2026-01-01T12:05:00.000Z' }],
    });
    expect(await settled(`pix:${second}`, pix.id)).toMatchObject({ effect: 'CONFLICT' });
    expect(
      (await eventsAbout(t, tr.id, ['transaction.discrepancy-detected'])).map(
        (e) => (e.payload as { kind: string }).kind,
      ),
    ).toEqual(['DUPLICATE_PAYMENT']);
    expect(await approvalPostings(tr.id)).toBe(1);
    expect((await transactionRow(t, tr.id))!.pix).toMatchObject({ end_to_end_id: first });
  });
});
