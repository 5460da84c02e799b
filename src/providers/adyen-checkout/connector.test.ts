import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdyenDouble } from '../doubles/adyen-double.js';
import { isProviderError } from '../errors.js';
import { AdyenCheckoutConnector } from './connector.js';
import { signNotificationItem } from './hmac.js';
import type { AdyenAuthorizeRequest } from './requests.js';

/** The ADYEN_CHECKOUT connector end to end against its double, which checks every request against the document. */
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const API_KEY = 'AQE_test_api_key_9876';
const PAN = '4111111111111111';
const double = new AdyenDouble({ hmacKey: HMAC_KEY, apiKey: API_KEY });
let adyen: AdyenCheckoutConnector;
const opened: string[] = [];
// The vault stand-in: ev: values open to the card's digits (and record which purposes were opened).
const opener = async (value: string, purpose: string) => {
  opened.push(purpose);
  return (
    (
      {
        'ev:v1:k:pan:x': PAN,
        'ev:v1:k:cvv:x': '737',
        'ev:v1:k:ntk:x': '4895370012003478',
        'ev:v1:k:cry:x': 'AgAAAAAABk4DWZ4C28yUQAAAAAA=',
      } as Record<string, string>
    )[value] ?? value
  );
};

const connector = (overrides: Partial<ConstructorParameters<typeof AdyenCheckoutConnector>[1]> = {}) =>
  new AdyenCheckoutConnector(
    'ADYEN_MAIN',
    {
      baseUrl: double.baseUrl,
      apiKey: API_KEY,
      hmacKeys: [HMAC_KEY],
      merchantAccount: 'PlatformECOM',
      coreUrl: 'https://platform.example/core',
      replayDelayMs: 5,
      timeouts: { readMs: 300 },
      ...overrides,
    },
    opener,
  );

const authorization = (over: Partial<AdyenAuthorizeRequest> = {}): AdyenAuthorizeRequest => ({
  idempotencyKey: randomUUID(),
  reference: randomUUID(),
  amount: 30_000,
  currency: 'BRL',
  installments: 3,
  capture: false,
  card: {
    number: 'ev:v1:k:pan:x',
    cvv: 'ev:v1:k:cvv:x',
    expiryMonth: '03',
    expiryYear: '2030',
    holderName: 'Maria Silva',
    bin: '411111',
    lastDigits: '1111',
  },
  customer: {
    name: 'Maria Silva Souza',
    email: 'maria@example.com',
    phone: '+5511987654321',
    documentNumber: '11144477735',
  },
  ...over,
});

beforeAll(async () => {
  await double.listen();
  adyen = connector();
});
afterAll(async () => {
  await adyen.close();
  await double.close();
});
beforeEach(() => {
  double.server.requests.length = 0;
  opened.length = 0;
});

const everyRequestValid = () => expect(double.server.requests.flatMap((r) => r.problems)).toEqual([]);

describe('ADYEN_CHECKOUT against the double', () => {
  it('authorizes 3 installments for manual capture, captures, refunds: every request validates and carries its key', async () => {
    const req = authorization();
    const auth = await adyen['card.authorize'](req);
    expect(auth).toMatchObject({ status: 'AUTHORIZED', authorizedAmount: 30_000, capturedAmount: 0, refusal: null });
    expect(auth.authorizationCode).toMatch(/^\w{6}$/);
    expect(opened).toEqual(['pan', 'cvv']);
    const [sent] = double.server.received('/v71/payments');
    expect(sent!.headers['idempotency-key']).toBe(req.idempotencyKey);
    expect(sent!.headers['x-api-key']).toBe('…9876');
    expect(sent!.body).toMatchObject({
      merchantAccount: 'PlatformECOM',
      reference: req.reference,
      amount: { currency: 'BRL', value: 30_000 },
      installments: { value: 3 },
      additionalData: { manualCapture: 'true' },
      authenticationData: { attemptAuthentication: 'never' },
      shopperInteraction: 'Ecommerce',
      countryCode: 'BR',
      paymentMethod: { type: 'scheme', number: '…1111', cvc: '[REDACTED]', fundingSource: 'credit' },
      shopperName: { firstName: 'Maria', lastName: 'Silva Souza' },
      telephoneNumber: '+5511987654321',
      socialSecurityNumber: '11144477735',
      returnUrl: `https://platform.example/core/3ds/return/${req.idempotencyKey}`,
    });
    expect(sent!.body).not.toHaveProperty('captureDelayHours');

    const capture = await adyen['card.capture']({
      idempotencyKey: req.reference!,
      paymentKey: req.reference!,
      amount: 20_000,
      providerReference: auth.providerPaymentId,
    });
    expect(capture).toMatchObject({ status: 'CAPTURED', capturedAmount: 20_000 });
    const [cap] = double.server.received(`/v71/payments/${auth.providerPaymentId}/captures`);
    expect(cap!.headers['idempotency-key']).toBe(`${req.reference}-capture`);
    expect(cap!.body).toEqual({
      merchantAccount: 'PlatformECOM',
      amount: { currency: 'BRL', value: 20_000 },
      reference: req.reference,
    });

    const refundId = randomUUID();
    const refund = await adyen['card.refund']({
      idempotencyKey: refundId,
      paymentKey: req.reference!,
      amount: 5_000,
      reason: 'REQUESTED_BY_CUSTOMER',
      providerReference: auth.providerPaymentId,
    });
    expect(refund).toMatchObject({ status: 'PENDING', failure: null });
    expect(refund.providerRefundId).toMatch(/^\w{16}$/);
    const [ref] = double.server.received(`/v71/payments/${auth.providerPaymentId}/refunds`);
    expect(ref!.headers['idempotency-key']).toBe(refundId);
    expect(ref!.body).toMatchObject({ reference: refundId, merchantRefundReason: 'CUSTOMER REQUEST' });
    // Above what was captured: Adyen refuses, the refund fails PROVIDER_DECLINED (R2.6).
    expect(
      await adyen['card.refund']({
        idempotencyKey: randomUUID(),
        paymentKey: req.reference!,
        amount: 50_000,
        providerReference: auth.providerPaymentId,
      }),
    ).toMatchObject({ status: 'FAILED', failure: { code: 'PROVIDER_DECLINED' } });
    everyRequestValid();
  });

  it('captures with the authorization when capture is true, and cancels an authorization', async () => {
    expect(await adyen['card.authorize'](authorization({ capture: true, installments: 1 }))).toMatchObject({
      status: 'CAPTURED',
      capturedAmount: 30_000,
    });
    const [sent] = double.server.received('/v71/payments');
    expect(sent!.body).toMatchObject({ captureDelayHours: 0 });
    expect(sent!.body).not.toHaveProperty('installments');
    expect(sent!.body).not.toHaveProperty('additionalData');
    const req = authorization();
    const auth = await adyen['card.authorize'](req);
    expect(
      await adyen['card.void']({
        idempotencyKey: req.reference!,
        paymentKey: req.reference!,
        providerReference: auth.providerPaymentId,
      }),
    ).toMatchObject({ status: 'VOIDED' });
    expect(double.server.received('/v71/payments/*').at(-1)?.headers['idempotency-key']).toBe(
      `${req.reference}-cancel`,
    );
    // A capture Adyen refuses (already cancelled): 502-worthy PROVIDER_REFUSED with Adyen's code (R2.6).
    const err = await adyen['card.capture']({
      idempotencyKey: req.reference!,
      paymentKey: req.reference!,
      amount: 1,
      providerReference: auth.providerPaymentId,
    }).catch((e) => e);
    expect(err).toMatchObject({ kind: 'refused', code: 'PROVIDER_REFUSED', providerCode: '137' });
    everyRequestValid();
  });

  it('sends external 3DS as mpiData and a wallet token as networkToken with its cryptogram', async () => {
    const threeDs = {
      version: '2.2.0',
      eci: '05',
      authenticationValue: 'AAABBBCCCDDDEEEFFFGGGHHHIII=',
      dsTransactionId: randomUUID(),
      transStatus: 'Y',
    };
    await adyen['card.authorize'](authorization({ threeDs }));
    await adyen['card.authorize'](
      authorization({
        card: {
          number: 'ev:v1:k:ntk:x',
          expiryMonth: '12',
          expiryYear: '2031',
          holderName: 'Maria Silva',
          networkToken: { cryptogram: 'ev:v1:k:cry:x', eci: '07' },
        },
      }),
    );
    const [external, wallet] = double.server.received('/v71/payments');
    expect(external!.body).toMatchObject({
      mpiData: {
        cavv: threeDs.authenticationValue,
        eci: '05',
        dsTransID: threeDs.dsTransactionId,
        threeDSVersion: '2.2.0',
        directoryResponse: 'Y',
      },
    });
    expect(wallet!.body).toMatchObject({
      paymentMethod: { type: 'networkToken', number: '…3478' },
      mpiData: { tokenAuthenticationVerificationValue: 'AgAAAAAABk4DWZ4C28yUQAAAAAA=', eci: '07' },
    });
    everyRequestValid();
  });

  it("sends a payment facilitator's sub-merchant data as mcc and additionalData (R2.3), valid for the document", async () => {
    await adyen['card.authorize'](
      authorization({
        capture: true,
        paymentFacilitator: {
          mcc: '5732',
          subMerchantId: 'SUB123',
          name: 'Lojão São João Eletrônicos Ltda',
          taxId: '11222333000181',
          street: 'Avenida Paulista',
          streetNumber: '1000',
          city: 'São Paulo Capital',
          state: 'SP',
          postalCode: '01310100',
          email: 'contato@lojao.example',
          phone: '+551130000000',
        },
      }),
    );
    const [sent] = double.server.received('/v71/payments');
    expect(sent!.body).toMatchObject({
      mcc: '5732',
      captureDelayHours: 0,
      additionalData: {
        subMerchantID: 'SUB123',
        subMerchantName: 'Lojao Sao Joao Eletron',
        subMerchantStreet: 'Avenida Paulista 1000',
        subMerchantCity: 'São Paulo Cap',
        subMerchantCountry: 'BRA',
        subMerchantTaxId: '11222333000181',
      },
    });
    everyRequestValid();
  });

  it('checks live and basic auth of notifications when the account sets them', async () => {
    const strict = connector({ live: true, notificationBasicAuth: { username: 'adyen', password: 'pw' } });
    const item = {
      pspReference: 'P',
      merchantReference: 'r',
      merchantAccountCode: 'M',
      amount: { value: 1, currency: 'BRL' },
      eventCode: 'REFUND',
      success: 'true',
    };
    const signed = { ...item, additionalData: { hmacSignature: signNotificationItem(item, HMAC_KEY) } };
    const basic = `Basic ${Buffer.from('adyen:pw').toString('base64')}`;
    const raw = (live: string) => JSON.stringify({ live, notificationItems: [{ NotificationRequestItem: signed }] });
    expect(
      (await strict['webhook.parse']({ headers: { authorization: basic }, rawBody: raw('true') })).items,
    ).toHaveLength(1);
    await expect(
      strict['webhook.parse']({ headers: { authorization: basic }, rawBody: raw('false') }),
    ).rejects.toMatchObject({ code: 'INVALID_LIVE_FLAG' });
    await expect(strict['webhook.parse']({ headers: {}, rawBody: raw('true') })).rejects.toMatchObject({
      code: 'INVALID_BASIC_AUTH',
    });
    await strict.close();
  });

  it.each([
    ['DECLINED', 'CARD_DECLINED', '2'],
    ['REFERRAL', 'CALL_ISSUER', '3'],
    ['ERROR', 'PROCESSING_ERROR', '4'],
    ['BLOCK_CARD', 'BLOCKED_CARD', '5'],
    ['CARD_EXPIRED', 'EXPIRED_CARD', '6'],
    ['NOT_ENOUGH_BALANCE', 'INSUFFICIENT_FUNDS', '12'],
    ['CVC_DECLINED', 'INVALID_CVV', '24'],
    ['ISSUER_UNAVAILABLE', 'ISSUER_UNAVAILABLE', '9'],
    ['FRAUD', 'SUSPECTED_FRAUD', '20'],
    ['CANCELLED', 'CARD_DECLINED', '15'],
    ['AUTHENTICATION_REQUIRED', 'AUTHENTICATION_REQUIRED', '38'],
  ])('holder %s is refused %s (refusalReasonCode %s)', async (holderName, code, providerCode) => {
    const result = await adyen['card.authorize'](authorization({ card: { ...authorization().card, holderName } }));
    expect(result).toMatchObject({ status: 'REFUSED', refusal: { code, providerCode } });
  });

  it('maps forced resultCodes: Received is PROCESSING, RedirectShopper refused, PartiallyAuthorised voided and refused', async () => {
    double.forceResult('Received');
    expect(
      await adyen['card.authorize'](authorization({ card: { ...authorization().card, holderName: 'X' } })),
    ).toMatchObject({ status: 'PROCESSING', refusal: null });
    double.forceResult('RedirectShopper');
    expect(await adyen['card.authorize'](authorization())).toMatchObject({
      status: 'REFUSED',
      refusal: { code: 'AUTHENTICATION_REQUIRED' },
    });
    double.forceResult('PartiallyAuthorised');
    const req = authorization();
    expect(await adyen['card.authorize'](req)).toMatchObject({
      status: 'REFUSED',
      refusal: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(double.server.received('/v71/payments/*').at(-1)).toMatchObject({
      status: 201,
      headers: { 'idempotency-key': `${req.idempotencyKey}-void` },
    });
  });

  it("a 500 is replayed with the same Idempotency-Key and the replay's answer counts", async () => {
    double.server.fail('/v71/payments', 500, 1);
    const req = authorization({ capture: true });
    expect(await adyen['card.authorize'](req)).toMatchObject({ status: 'CAPTURED' });
    const sent = double.server.received('/v71/payments');
    expect(sent.map((r) => [r.status, r.headers['idempotency-key']])).toEqual([
      [500, req.idempotencyKey],
      [200, req.idempotencyKey],
    ]);
    expect(sent[0]!.body).toEqual(sent[1]!.body);
  });

  it('three 500s are an unknown outcome (never a refusal); a later replay under the key resolves it', async () => {
    double.server.fail('/v71/payments', 500, 3);
    const req = authorization();
    const err = await adyen['card.authorize'](req).catch((e) => e);
    expect(isProviderError(err) && err.kind).toBe('unknown_outcome');
    expect(double.server.received('/v71/payments')).toHaveLength(3);
    // The sync replays the authorization without the CVC, under the same key.
    const synced = await adyen['card.sync']({ idempotencyKey: req.idempotencyKey, authorization: req });
    expect(synced).toMatchObject({ found: true, status: 'AUTHORIZED' });
    const replay = double.server.received('/v71/payments').at(-1)!;
    expect(replay.headers['idempotency-key']).toBe(req.idempotencyKey);
    expect((replay.body as { paymentMethod: object }).paymentMethod).not.toHaveProperty('cvc');
  });

  it('a timeout or a reset after the request was applied is unknown; the replay answers the first answer', async () => {
    double.server.fail('/v71/payments', 'timeout', 1);
    const req = authorization();
    const first = await adyen['card.authorize'](req);
    // Applied at the first try, its answer lost: the replay (same key) gets the stored answer.
    expect(first.status).toBe('AUTHORIZED');
    expect(double.server.received('/v71/payments')).toHaveLength(2);
    double.server.fail('/v71/payments', 'reset', 3);
    expect(await adyen['card.authorize'](authorization()).catch((e) => e)).toMatchObject({ kind: 'unknown_outcome' });
  });

  it('nothing sent, bad credentials, rate limits and rejections are unavailable (nothing applied)', async () => {
    const closed = connector({ baseUrl: 'http://127.0.0.1:1/v71' });
    expect(await closed['card.authorize'](authorization()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_UNAVAILABLE',
    });
    await closed.close();
    const wrongKey = connector({ apiKey: 'wrong' });
    expect(await wrongKey['card.authorize'](authorization()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_AUTH_FAILED',
    });
    await wrongKey.close();
    double.server.fail('/v71/payments', 429, 1);
    expect(await adyen['card.authorize'](authorization()).catch((e) => e)).toMatchObject({
      kind: 'unavailable',
      code: 'PROVIDER_RATE_LIMITED',
    });
  });

  it('a card value that does not match its bin submits nothing', async () => {
    const err = await adyen['card.authorize'](
      authorization({ card: { ...authorization().card, bin: '555555' } }),
    ).catch((e) => e);
    expect(err).toMatchObject({ kind: 'refused', code: 'CARD_BIN_MISMATCH' });
    expect(double.server.requests).toHaveLength(0);
  });

  it('verifies notifications by HMAC (the double signs and posts them) and refuses a bad signature', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      // The handler answers its own failures (401), so the promise the event drops never rejects.
      req.on(
        'end',
        () =>
          void (async () => {
            try {
              const parsed = await adyen['webhook.parse']({ headers: req.headers, rawBody: raw });
              received.push(...parsed.items.map((i) => `${i.eventCode}:${i.success}`));
              res.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]');
            } catch (err) {
              res.writeHead(401).end((err as Error).message);
            }
          })(),
      );
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const item = {
      pspReference: 'PSP0001',
      merchantReference: 'tx-1',
      merchantAccountCode: 'PlatformECOM',
      amount: { value: 30_000, currency: 'BRL' },
      eventCode: 'AUTHORISATION',
      success: 'true',
    };
    expect(
      await double.notify(url, [
        item,
        {
          ...item,
          eventCode: 'REFUND',
          pspReference: 'PSP0002',
          originalReference: 'PSP0001',
          merchantReference: 'ref-1',
        },
      ]),
    ).toEqual({ status: 200, body: '[accepted]' });
    expect(received).toEqual(['AUTHORISATION:true', 'REFUND:true']);
    receiver.close();

    const signed = { ...item, additionalData: { hmacSignature: signNotificationItem(item, HMAC_KEY) } };
    const body = (i: object) => JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: i }] });
    const parsed = await adyen['webhook.parse']({ headers: {}, rawBody: body(signed) });
    expect(parsed.reports).toEqual([
      { resource: 'card-payment', resourceId: 'tx-1', status: 'AUTHORIZED', failure: null },
    ]);
    await expect(
      adyen['webhook.parse']({ headers: {}, rawBody: body({ ...signed, amount: { value: 1, currency: 'BRL' } }) }),
    ).rejects.toMatchObject({ kind: 'refused', code: 'INVALID_SIGNATURE' });
    await expect(adyen['webhook.parse']({ headers: {}, rawBody: body(item) })).rejects.toMatchObject({
      code: 'INVALID_SIGNATURE',
    });
    // A refused authorization carries R2.5 by its reason text.
    const refusedItem = { ...item, success: 'false', reason: 'Not enough balance: issuer said no' };
    const refusedParsed = await adyen['webhook.parse']({
      headers: {},
      rawBody: body({ ...refusedItem, additionalData: { hmacSignature: signNotificationItem(refusedItem, HMAC_KEY) } }),
    });
    expect(refusedParsed.reports[0]).toMatchObject({ status: 'REFUSED', failure: { code: 'INSUFFICIENT_FUNDS' } });
    // During a rotation's grace both keys verify.
    const rotated = connector({ hmacKeys: ['00'.repeat(32), HMAC_KEY] });
    expect((await rotated['webhook.parse']({ headers: {}, rawBody: body(signed) })).items).toHaveLength(1);
    await rotated.close();
  });
});
