import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { affiliations, companies } from '../../src/db/schema/index.js';
import { parseEventPayload } from '../../src/modules/event-payloads.js';
import { systemBalance } from '../../src/ledger/ledger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { eventsOf } from '../helpers/onboarding.js';
import { randomCpf } from '../helpers/fixtures.js';
import { advanceClock, balanceOf, cashoutMerchant, createCashout, getCashout } from '../helpers/cashouts.js';

/** money.md M5 without the autopilot: the provider's answers come from the sandbox controls. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const control = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/platform/sandbox/cashouts/${id}/status`, key: t.platformKey, payload });
const returnOf = (id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/platform/sandbox/cashouts/${id}/returns`, key: t.platformKey, payload });

describe('settlement accounts', () => {
  it("takes a key the directory shows as the company's own, and refuses any other with DESTINATION_NOT_OWNED", async () => {
    const { org, merchant, affiliationId } = await cashoutMerchant(t);
    const put = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/core/v1/merchants/${merchant.id}/affiliations/${affiliationId}/settlement-account`,
        key: org.apiKey,
        payload,
      });
    for (const payload of [
      { pix_key_type: 'CPF', pix_key: randomCpf() },
      { pix_key_type: 'EMAIL', pix_key: 'someone@example.com' },
    ]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual({
        invalidField: 'pix_key',
        receivedValue: payload.pix_key,
        reason: 'DESTINATION_NOT_OWNED',
      });
    }
    const ok = await put({ pix_key_type: 'CPF', pix_key: merchant.body.document_number });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().settlement_account).toMatchObject({
      pix_key_type: 'CPF',
      pix_key: merchant.body.document_number,
      dict_key_information: { is_owned_by_company: true },
    });
    expect((await put({ pix_key_type: 'CPF', pix_key: merchant.body.document_number, extra: 1 })).statusCode).toBe(400);
    // Another organization's key answers 404.
    const other = await t.createOrganization();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/core/v1/merchants/${merchant.id}/affiliations/${affiliationId}/settlement-account`,
          key: other.apiKey,
          payload: { pix_key_type: 'CPF', pix_key: merchant.body.document_number },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a review INVALID moves the affiliation to INVALID_SETTLEMENT_BANK_ACCOUNT; a new account brings it back', async () => {
    const { org, merchant, affiliationId, accountId } = await cashoutMerchant(t, { deposit: 10_000 });
    const review = (decision: string) =>
      t.request({
        method: 'POST',
        url: `/core/v1/platform/sandbox/affiliations/${affiliationId}/settlement-account/review`,
        key: t.platformKey,
        payload: { decision, reason: 'closed account' },
      });
    const invalid = await review('INVALID');
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json().status).toBe('INVALID_SETTLEMENT_BANK_ACCOUNT');
    expect((await review('INVALID')).statusCode).toBe(409);
    const refused = await createCashout(t, org.apiKey, {
      request_id: 'inv-1',
      bank_account_id: accountId,
      amount: 100,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.details.reason).toBe('SETTLEMENT_ACCOUNT_INVALID');
    const put = await t.request({
      method: 'PUT',
      url: `/core/v1/merchants/${merchant.id}/affiliations/${affiliationId}/settlement-account`,
      key: org.apiKey,
      payload: { pix_key_type: 'CPF', pix_key: merchant.body.document_number },
    });
    expect(put.json().status).toBe('ACTIVE');
    const moves = (await eventsOf(t, merchant.id, 'affiliation.status-changed')).map(
      (e) => (e.payload as { new_status: string }).new_status,
    );
    expect(moves.slice(-2)).toEqual(['INVALID_SETTLEMENT_BANK_ACCOUNT', 'ACTIVE']);
  });
});

describe('cashouts', () => {
  it('holds amount + price at create, and on COMPLETED pays the amount out and the price to the organization', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 10_000, cashoutPrice: 150 });
    const res = await createCashout(t, merchant.apiKey, {
      request_id: 'c-1',
      bank_account_id: accountId,
      amount: 4_000,
      metadata: { ref: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      status: 'PENDING',
      amount: 4_000,
      price: 150,
      total_debited: 4_150,
      currency: 'BRL',
      rail: 'PIX',
      automatic: false,
      schedule_slot: null,
      returned_amount: 0,
      returns: [],
      metadata: { ref: 'x' },
      company_id: merchant.id,
      provider: 'PROVIDER_A',
    });
    expect(c.destination).toMatchObject({ pix_key_type: 'CPF', pix_key: merchant.body.document_number });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 5_850, held: 4_150 });
    const replay = await createCashout(t, merchant.apiKey, {
      request_id: 'c-1',
      bank_account_id: accountId,
      amount: 4_000,
      metadata: { ref: 'x' },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().id).toBe(c.id);

    const done = await control(c.id, { status: 'COMPLETED' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'COMPLETED', completed_at: expect.any(String) });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 5_850, held: 0 });
    expect(await systemBalance(t.db.db, { type: 'REVENUE', organizationId: org.id, provider: 'PROVIDER_A' })).toBe(150);
    expect((await control(c.id, { status: 'FAILED' })).statusCode).toBe(409);

    const events = await eventsOf(t, merchant.id);
    const created = events.find((e) => e.type === 'cashout.created')!;
    expect(created.payload).toMatchObject({
      cashout_id: c.id,
      amount: 4_000,
      currency: 'BRL',
      status: 'PENDING',
      bank_account_id: accountId,
      sequence: expect.any(Number),
    });
    const changed = events.filter((e) => e.type === 'cashout.status-changed');
    expect(changed.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        cashout_id: c.id,
        old_status: 'PENDING',
        new_status: 'COMPLETED',
        error_message: null,
      }),
    ]);
    for (const e of events.filter((e) => e.type.startsWith('cashout.')))
      expect(parseEventPayload(e.type, e.payload).success).toBe(true);
    expect((changed[0]!.payload as { sequence: number }).sequence).toBeGreaterThan(
      (created.payload as { sequence: number }).sequence,
    );

    // M3 "organization available +P": the price waits in REVENUE for the organization's account (none yet); the
    // account opening takes it, and the run of the next date (00:00 in São Paulo) sweeps it to its available, once.
    await expectLedgerInvariants(t.db.db);
    const opened = await t.request({
      method: 'POST',
      url: '/core/v1/banking/bank-accounts',
      key: org.apiKey,
      payload: { provider: 'PROVIDER_A' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    await advanceClock(t, org.id, 1);
    // the price waiting in REVENUE is the organization account's pending until the sweep (issue 24, M3)
    expect(await balanceOf(t, org.apiKey, opened.json().id)).toMatchObject({ available: 0, pending: 150 });
    await advanceClock(t, org.id, 86_400);
    expect(await balanceOf(t, org.apiKey, opened.json().id)).toMatchObject({ available: 150, pending: 0 });
    expect(await systemBalance(t.db.db, { type: 'REVENUE', organizationId: org.id, provider: 'PROVIDER_A' })).toBe(0);
    await advanceClock(t, org.id, 2 * 86_400);
    expect(await balanceOf(t, org.apiKey, opened.json().id)).toMatchObject({ available: 150 });

    // With the account open, the next price is swept by the run of the next date (00:00 in São Paulo).
    const c2 = (
      await createCashout(t, merchant.apiKey, { request_id: 'c-2', bank_account_id: accountId, amount: 1_000 })
    ).json();
    expect((await control(c2.id, { status: 'COMPLETED' })).statusCode).toBe(200);
    expect(await balanceOf(t, org.apiKey, opened.json().id)).toMatchObject({ available: 150 });
    await advanceClock(t, org.id, 86_400);
    expect(await balanceOf(t, org.apiKey, opened.json().id)).toMatchObject({ available: 300 });
    const sweeps = (
      await t.request({
        method: 'GET',
        url: `/core/v1/settlements?bank_account_id=${opened.json().id}&sort=created_at`,
        key: org.apiKey,
      })
    ).json().data;
    expect(
      sweeps.map((s: { receivable_count: number; net_amount: number }) => [s.receivable_count, s.net_amount]),
    ).toEqual([
      [0, 150],
      [0, 150],
    ]);
  });

  it('FAILED releases the hold, no price charged', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 100 });
    const c = (
      await createCashout(t, org.apiKey, { request_id: 'f-1', bank_account_id: accountId, amount: 900 })
    ).json();
    const failed = await control(c.id, {
      status: 'FAILED',
      error_code: 'DESTINATION_KEY_NOT_FOUND',
      error_message: 'No such key',
    });
    expect(failed.json()).toMatchObject({
      status: 'FAILED',
      error_code: 'DESTINATION_KEY_NOT_FOUND',
      error_message: 'No such key',
      failed_at: expect.any(String),
    });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 1_000, held: 0 });
    const changed = await eventsOf(t, merchant.id, 'cashout.status-changed');
    expect(changed[0]!.payload).toMatchObject({
      old_status: 'PENDING',
      new_status: 'FAILED',
      error_message: 'No such key',
    });
  });

  it('answers the 409 reasons in order, with available and price on INSUFFICIENT_FUNDS', async () => {
    const { org, merchant, affiliationId, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 100 });
    const body = (n: number, amount = 901) => ({ request_id: `r-${n}`, bank_account_id: accountId, amount });
    const insufficient = await createCashout(t, org.apiKey, body(1));
    expect(insufficient.statusCode).toBe(409);
    expect(insufficient.json().error.details).toMatchObject({
      field: 'amount',
      value: 901,
      reason: 'INSUFFICIENT_FUNDS',
      available: 1_000,
      price: 100,
    });
    expect((await createCashout(t, org.apiKey, body(2, 900))).statusCode).toBe(201);
    // The settlement account found invalid comes before the funds; an affiliation not active before that.
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/affiliations/${affiliationId}/settlement-account/review`,
      key: t.platformKey,
      payload: { decision: 'INVALID' },
    });
    expect((await createCashout(t, org.apiKey, body(3))).json().error.details.reason).toBe(
      'SETTLEMENT_ACCOUNT_INVALID',
    );
    await t.db.db.update(affiliations).set({ status: 'BLOCKED' }).where(eq(affiliations.id, affiliationId));
    expect((await createCashout(t, org.apiKey, body(4))).json().error.details.reason).toBe('AFFILIATION_NOT_ACTIVE');
    await t.db.db.update(companies).set({ status: 'BLOCKED' }).where(eq(companies.id, merchant.id));
    expect((await createCashout(t, org.apiKey, body(5))).json().error.details.reason).toBe('COMPANY_NOT_ACTIVE');
    // Validation and reach.
    expect((await createCashout(t, org.apiKey, { bank_account_id: accountId, amount: 1 })).statusCode).toBe(400);
    expect((await createCashout(t, org.apiKey, body(6, 0))).statusCode).toBe(400);
    const other = await t.createOrganization();
    expect((await createCashout(t, other.apiKey, body(7, 1))).statusCode).toBe(404);
    // A merchant key reaches only its own accounts; a sibling merchant's is 404.
    const sibling = await t.createMerchant(org.apiKey);
    expect((await createCashout(t, sibling.apiKey, body(8, 1))).statusCode).toBe(404);
  });

  it('returns: partial, then the rest; never above the amount; only within 90 days', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 10_000, cashoutPrice: 50 });
    const c = (
      await createCashout(t, org.apiKey, { request_id: 'ret-1', bank_account_id: accountId, amount: 1_000 })
    ).json();
    expect((await returnOf(c.id, { amount: 10, reason: 'MED_FRAUDE' })).statusCode).toBe(409);
    await control(c.id, { status: 'COMPLETED' });
    const part = await returnOf(c.id, { amount: 400, reason: 'RETURNED_BY_RECEIVER' });
    expect(part.statusCode).toBe(201);
    expect(part.json()).toMatchObject({
      amount: 400,
      reason: 'RETURNED_BY_RECEIVER',
      cashout: { status: 'PARTIALLY_RETURNED', returned_amount: 400 },
    });
    const over = await returnOf(c.id, { amount: 601, reason: 'MED_OPERACIONAL' });
    expect(over.json().error.details).toMatchObject({ reason: 'RETURN_EXCEEDS_AMOUNT' });
    expect((await returnOf(c.id, { amount: 600, reason: 'MED_OPERACIONAL' })).json().cashout).toMatchObject({
      status: 'RETURNED',
      returned_amount: 1_000,
    });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 9_950, held: 0 });
    const got = await getCashout(t, merchant.apiKey, c.id);
    expect(got.returns.map((r: { amount: number }) => r.amount)).toEqual([400, 600]);
    const returned = await eventsOf(t, merchant.id, 'cashout.returned');
    expect(returned.map((e) => e.payload)).toEqual([
      expect.objectContaining({ cashout_id: c.id, amount: 400, returned_amount: 400, status: 'PARTIALLY_RETURNED' }),
      expect.objectContaining({ cashout_id: c.id, amount: 600, returned_amount: 1_000, status: 'RETURNED' }),
    ]);
    for (const e of returned) expect(parseEventPayload(e.type, e.payload).success).toBe(true);

    const late = (
      await createCashout(t, org.apiKey, { request_id: 'ret-2', bank_account_id: accountId, amount: 100 })
    ).json();
    await control(late.id, { status: 'COMPLETED' });
    expect((await advanceClock(t, org.id, 90 * 86_400 + 60)).statusCode).toBe(200);
    expect((await returnOf(late.id, { amount: 1, reason: 'MED_FRAUDE' })).json().error.details).toMatchObject({
      reason: 'RETURN_WINDOW_CLOSED',
    });
  });

  it('never overdraws available under concurrent creates', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 10 });
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        createCashout(t, org.apiKey, { request_id: `cc-${i}`, bank_account_id: accountId, amount: 190 }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201).length;
    expect(created).toBe(5);
    expect(
      results.filter((r) => r.statusCode === 409).every((r) => r.json().error.details.reason === 'INSUFFICIENT_FUNDS'),
    ).toBe(true);
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 0, held: 1_000 });
  });

  it('lists within reach with filters and sorts', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 10_000 });
    for (const [i, amount] of [300, 100, 200].entries())
      await createCashout(t, org.apiKey, { request_id: `l-${i}`, bank_account_id: accountId, amount });
    const list = async (key: string, query: string) =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/cashouts?${query}`, key })).json();
    expect(
      (await list(org.apiKey, `bank_account_id=${accountId}&sort=amount`)).data.map(
        (c: { amount: number }) => c.amount,
      ),
    ).toEqual([100, 200, 300]);
    expect(
      (await list(merchant.apiKey, 'amount_from=200&amount_to=300&sort=-amount')).data.map(
        (c: { amount: number }) => c.amount,
      ),
    ).toEqual([300, 200]);
    expect((await list(org.apiKey, `company_id=${merchant.id}&status=PENDING&automatic=false`)).pagination.total).toBe(
      3,
    );
    expect((await list(org.apiKey, `company_id=${merchant.id}&automatic=true`)).pagination.total).toBe(0);
    const other = await t.createOrganization();
    expect((await list(other.apiKey, `bank_account_id=${accountId}`)).data).toEqual([]);
    const one = (await list(org.apiKey, `bank_account_id=${accountId}`)).data[0];
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/banking/cashouts/${one.id}`, key: other.apiKey })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/core/v1/banking/cashouts?automatic=maybe', key: org.apiKey }))
        .statusCode,
    ).toBe(400);
  });
});
