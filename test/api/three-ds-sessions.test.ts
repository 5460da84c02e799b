import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encryptFor, storedCardInput } from '../helpers/cards.js';
import { createSession, getSession, makePaymentReady, sessionBody } from '../helpers/three-ds.js';

/** payments.md P7 creation: both flows' first answers with the P9 cards, every body rule, P1's preconditions, reach. */
let t: TestApp;
let org: { id: string; apiKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  org = await t.createOrganization();
  await makePaymentReady(t, org.id);
});
afterAll(async () => t?.close());

const SESSION_KEYS = [
  'id',
  'company_id',
  'provider',
  'status',
  'amount',
  'currency',
  'installments',
  'card',
  'challenge_preference',
  'initiator',
  'next_action',
  'result',
  'failure_reason',
  'transaction_id',
  'expires_at',
  'created_at',
  'updated_at',
];

describe('frictionless and challenge outcomes (P9 cards)', () => {
  it.each([
    ['4000000000002701', 'VISA', '05'],
    ['5200000000002235', 'MASTERCARD', '02'],
    ['6505290000002000', 'ELO', '05'],
    ['4111111111111111', 'VISA', '05'], // any other card succeeds frictionless
  ])('%s (%s) succeeds frictionless with the full ECI %s', async (number, brand, eci) => {
    const res = await createSession(t, org.apiKey, await sessionBody(t, number, { installments: 3 }));
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(Object.keys(s).sort()).toEqual([...SESSION_KEYS].sort());
    expect(s).toMatchObject({
      company_id: org.id,
      status: 'SUCCEEDED',
      amount: 1990,
      currency: 'BRL',
      installments: 3,
      next_action: null,
      failure_reason: null,
      transaction_id: null,
      challenge_preference: 'NO_PREFERENCE',
      initiator: { type: 'CUSTOMER', reason: null },
      card: { brand, bin: number.slice(0, 6), last_digits: number.slice(-4), expiry_month: '12' },
      result: { flow: 'FRICTIONLESS', version: '2.2.0', trans_status: 'Y', eci, liability_shift: true },
    });
    expect(s.result.authentication_value).toMatch(/^[A-Za-z0-9+/]{27}=$/);
    expect(Date.parse(s.expires_at) - Date.parse(s.created_at)).toBe(600_000);
    expect(JSON.stringify(s)).not.toMatch(/ev:v1|number/);
    expect((await getSession(t, org.apiKey, s.id)).json()).toEqual(s);
  });

  it.each([
    ['4000000000002925', '07'],
    ['5200000000002276', '00'],
  ])('%s fails frictionless (N, ECI %s, AUTHENTICATION_FAILED)', async (number, eci) => {
    const s = (await createSession(t, org.apiKey, await sessionBody(t, number))).json();
    expect(s).toMatchObject({
      status: 'FAILED',
      failure_reason: 'AUTHENTICATION_FAILED',
      next_action: null,
      result: { flow: 'FRICTIONLESS', trans_status: 'N', eci, liability_shift: false, authentication_value: null },
    });
  });

  it('4000000000002420 is not enrolled: FAILED CARD_NOT_ENROLLED with no flow', async () => {
    const s = (await createSession(t, org.apiKey, await sessionBody(t, '4000000000002420'))).json();
    expect(s).toMatchObject({
      status: 'FAILED',
      failure_reason: 'CARD_NOT_ENROLLED',
      result: { flow: null, trans_status: null, eci: null, liability_shift: false },
    });
  });

  it.each(['4000000000002503', '5200000000002151', '6505290000002190'])(
    '%s needs a challenge: ACTION_REQUIRED with a platform-origin challenge_url',
    async (number) => {
      const res = await createSession(
        t,
        org.apiKey,
        await sessionBody(t, number, {
          challenge_preference: 'challenge_requested',
          initiator: { type: 'MERCHANT', reason: 'RECURRING' },
        }),
      );
      expect(res.statusCode).toBe(201);
      const s = res.json();
      expect(s).toMatchObject({
        status: 'ACTION_REQUIRED',
        challenge_preference: 'CHALLENGE_REQUESTED',
        initiator: { type: 'MERCHANT', reason: 'RECURRING' },
        failure_reason: null,
      });
      expect(s.next_action).toEqual({
        type: 'CHALLENGE',
        challenge_url: expect.stringMatching(
          new RegExp(`^http://localhost(:\\d+)?/core/3ds/challenge/${s.id}\\?t=[A-Za-z0-9_.-]+$`),
        ),
        expires_at: s.expires_at,
      });
      expect(s.result).toMatchObject({ flow: 'CHALLENGE', trans_status: null, authentication_value: null });
    },
  );

  it('the P9 row decides whatever the preference (a challenge card stays a challenge, any other stays frictionless)', async () => {
    const frictionless = (
      await createSession(
        t,
        org.apiKey,
        await sessionBody(t, '4111111111111111', { challenge_preference: 'CHALLENGE_MANDATED' }),
      )
    ).json();
    expect(frictionless.status).toBe('SUCCEEDED');
    const challenge = (
      await createSession(
        t,
        org.apiKey,
        await sessionBody(t, '4000000000002503', { challenge_preference: 'NO_CHALLENGE_REQUESTED' }),
      )
    ).json();
    expect(challenge.status).toBe('ACTION_REQUIRED');
  });
});

describe('body rules (P7, strict)', () => {
  const issue = async (payload: object) => {
    const res = await createSession(t, org.apiKey, payload);
    expect(res.statusCode).toBe(400);
    return res.json().error;
  };
  it.each([
    [{ amount: 0 }, 'amount', 'TOO_SMALL'],
    [{ amount: 10.5 }, 'amount', 'INVALID_TYPE'],
    [{ installments: 13 }, 'installments', 'TOO_LARGE'],
    [{ currency: 'USD' }, 'currency', 'INVALID_ENUM'],
    [{ challenge_preference: 'ALWAYS' }, 'challenge_preference', 'INVALID_ENUM'],
    [{ initiator: { type: 'MERCHANT' } }, 'initiator.reason', 'REQUIRED'],
    [{ initiator: { type: 'CUSTOMER', reason: 'RECURRING' } }, 'initiator.reason', 'UNKNOWN_FIELD'],
    [{ return_url: 'http://shop.example/back' }, 'return_url', 'INVALID_FORMAT'],
    [{ return_url: 'not a url' }, 'return_url', 'INVALID_FORMAT'],
    [{ browser: { color_depth: 'deep' } }, 'browser.color_depth', 'INVALID_TYPE'],
    [{ customer: { document_number: '123' } }, 'customer.document_number', 'INVALID_FORMAT'],
    [{ surprise: 1 }, 'surprise', 'UNKNOWN_FIELD'],
  ])('%j -> %s %s', async (over, field, type) => {
    const error = await issue(await sessionBody(t, '4111111111111111', over));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.issues).toContainEqual(expect.objectContaining({ field, type }));
  });

  it('card rules: plaintext is ENCRYPTION_REQUIRED never echoed, a cvv is unknown, wrong purpose or unknown key DECRYPTION_FAILED, expired card refused', async () => {
    const plain = await issue(await sessionBody(t, '4111111111111111', {}, { number: '4111111111111111' }));
    expect(plain.details.issues).toEqual([
      expect.objectContaining({ field: 'card.number', type: 'ENCRYPTION_REQUIRED' }),
    ]);
    expect(JSON.stringify(plain)).not.toContain('4111111111111111');
    const cvv = await issue(await sessionBody(t, '4111111111111111', {}, { cvv: await encryptFor(t, '123', 'cvv') }));
    expect(cvv.details.issues).toContainEqual(expect.objectContaining({ field: 'card.cvv', type: 'UNKNOWN_FIELD' }));
    const purpose = await issue(
      await sessionBody(t, '4111111111111111', {}, { number: await encryptFor(t, '4111111111111111', 'cvv') }),
    );
    expect(purpose.details.issues).toEqual([
      expect.objectContaining({ field: 'card.number', type: 'DECRYPTION_FAILED' }),
    ]);
    const good = await encryptFor(t, '4111111111111111');
    const unknownKid = await issue(
      await sessionBody(
        t,
        '4111111111111111',
        {},
        { number: good.replace(/^ev:v1:[a-z0-9_]+:/, 'ev:v1:sbx_00000000_unknown:') },
      ),
    );
    expect(unknownKid.details.issues).toEqual([
      expect.objectContaining({ field: 'card.number', type: 'DECRYPTION_FAILED' }),
    ]);
    expect(unknownKid.details.issues[0].value).toBeUndefined();
    const expired = await issue(await sessionBody(t, '4111111111111111', {}, { expiry_year: '2020' }));
    expect(expired.details.issues).toEqual([
      expect.objectContaining({ field: 'card.expiry_year', type: 'INVALID_FORMAT' }),
    ]);
  });

  it('one card source: none is REQUIRED on card, both a 400 on card', async () => {
    const none = await issue({ amount: 100 });
    expect(none.details.issues).toContainEqual(expect.objectContaining({ field: 'card', type: 'REQUIRED' }));
    const body = await sessionBody(t, '4111111111111111', { card_id: '00000000-0000-4000-8000-000000000000' });
    const both = await issue(body);
    expect(both).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'card' } });
  });

  it('return_url: https anywhere, http only on localhost and 127.0.0.1 in the sandbox', async () => {
    for (const url of ['https://shop.example/back?x=1', 'http://localhost:3000/back', 'http://127.0.0.1/back']) {
      expect(
        (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111', { return_url: url }))).statusCode,
        url,
      ).toBe(201);
    }
  });
});

describe('preconditions (P1) and stored cards', () => {
  it('a company not ACTIVE is 409 COMPANY_NOT_ACTIVE; no usable affiliation 409 on provider', async () => {
    const other = await t.createOrganization();
    const inactive = await createSession(t, other.apiKey, await sessionBody(t, '4111111111111111'));
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.details).toMatchObject({ field: 'company', reason: 'COMPANY_NOT_ACTIVE' });
    expect(inactive.json().error.details.value).not.toBe('ACTIVE');
    await makePaymentReady(t, other.id, 'INTERNAL'); // INTERNAL does no 3DS
    const none = await createSession(t, other.apiKey, await sessionBody(t, '4111111111111111'));
    expect(none.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: { field: 'provider', value: null } });
    const named = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4111111111111111', { provider: 'PROVIDER_B' }),
    );
    expect(named.json().error).toMatchObject({
      code: 'CONFLICT_ERROR',
      details: { field: 'provider', value: 'PROVIDER_B' },
    });
    expect(
      (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111', { provider: 'provider_a' })))
        .statusCode,
    ).toBe(201);
  });

  it("card_id: a stored ACTIVE card of the company; another company's 404; a closed one 409", async () => {
    const m = await t.createMerchant(org.apiKey);
    const stored = (
      await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${org.id}/cards`,
        key: org.apiKey,
        payload: { card: await storedCardInput(t, '4000000000002503') },
      })
    ).json();
    const s = await createSession(t, org.apiKey, { amount: 500, card_id: stored.id });
    expect(s.statusCode).toBe(201);
    expect(s.json()).toMatchObject({ status: 'ACTION_REQUIRED', card: { brand: 'VISA', last_digits: '2503' } });
    await makePaymentReady(t, m.id);
    expect((await createSession(t, org.apiKey, { amount: 500, card_id: stored.id }, m.id)).statusCode).toBe(404);
    await t.request({ method: 'DELETE', url: `/core/v1/merchants/${org.id}/cards/${stored.id}`, key: org.apiKey });
    const closed = await createSession(t, org.apiKey, { amount: 500, card_id: stored.id });
    expect(closed.json().error).toMatchObject({
      code: 'CONFLICT_ERROR',
      details: { field: 'card_id', value: 'CLOSED' },
    });
  });
});

describe('idempotency and reach', () => {
  it('request_id replays with freshly encrypted values (200, same session); another body is 409', async () => {
    const first = await createSession(t, org.apiKey, await sessionBody(t, '4000000000002503', { request_id: 'tds-1' }));
    const again = await createSession(t, org.apiKey, await sessionBody(t, '4000000000002503', { request_id: 'tds-1' }));
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const changed = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4000000000002503', { request_id: 'tds-1', amount: 1 }),
    );
    expect(changed.json().error).toMatchObject({ code: 'CONFLICT_ERROR', details: { field: 'request_id' } });
  });

  it('the merchant variant creates for the merchant; GET within reach only (other tenants 404)', async () => {
    const m = await t.createMerchant(org.apiKey);
    await makePaymentReady(t, m.id);
    const s = (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'), m.id)).json();
    expect(s.company_id).toBe(m.id);
    expect((await getSession(t, m.apiKey, s.id)).statusCode).toBe(200);
    expect((await getSession(t, org.apiKey, s.id)).statusCode).toBe(200);
    const own = (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'))).json();
    expect((await getSession(t, m.apiKey, own.id)).statusCode).toBe(404); // a merchant does not see its organization's
    const stranger = await t.createOrganization();
    expect((await getSession(t, stranger.apiKey, s.id)).statusCode).toBe(404);
    expect((await createSession(t, stranger.apiKey, await sessionBody(t, '4111111111111111'), m.id)).statusCode).toBe(
      404,
    );
    expect((await getSession(t, org.apiKey, 'nope')).statusCode).toBe(400);
  });
});
