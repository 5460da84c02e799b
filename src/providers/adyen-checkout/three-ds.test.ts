import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdyenDouble, type AdyenDouble } from '../doubles/index.js';
import { AdyenCheckoutConnector } from './connector.js';
import { threeDsOutcome, type AdyenThreeDsRequest } from './three-ds.js';

const ids = { dsTransactionId: '', threeDsServerTransId: '' };

describe('3DS answers (R2.8)', () => {
  it.each([
    [
      {
        resultCode: 'RedirectShopper',
        action: { type: 'redirect', url: 'https://acs.example/c', method: 'POST', data: { PaReq: 'x' } },
      },
      'ACTION_REQUIRED',
      null,
    ],
    [{ resultCode: 'RedirectShopper', action: { type: 'threeDS2', token: 'x' } }, 'FAILED', 'PROTOCOL_ERROR'],
    [
      {
        resultCode: 'AuthenticationFinished',
        threeDS2Result: {
          transStatus: 'Y',
          eci: '05',
          authenticationValue: 'AAA=',
          dsTransID: 'ds',
          messageVersion: '2.2.0',
        },
      },
      'SUCCEEDED',
      null,
    ],
    [{ resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'A', eci: '06' } }, 'SUCCEEDED', null],
    [
      { resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'N', eci: '07' } },
      'FAILED',
      'AUTHENTICATION_FAILED',
    ],
    [{ resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'R' } }, 'FAILED', 'AUTHENTICATION_FAILED'],
    [{ resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'U' } }, 'FAILED', 'DIRECTORY_UNAVAILABLE'],
    [{ resultCode: 'AuthenticationNotRequired' }, 'FAILED', 'CARD_NOT_ENROLLED'],
    [{ resultCode: 'Refused', refusalReasonCode: '11' }, 'FAILED', 'AUTHENTICATION_FAILED'],
    [{ resultCode: 'Error', refusalReasonCode: '42' }, 'FAILED', 'AUTHENTICATION_FAILED'],
    [{ resultCode: 'Refused', refusalReasonCode: '2' }, 'FAILED', 'PROTOCOL_ERROR'],
    [{ resultCode: 'IdentifyShopper' }, 'FAILED', 'PROTOCOL_ERROR'],
    [{ resultCode: 'ChallengeShopper' }, 'FAILED', 'PROTOCOL_ERROR'],
  ] as const)('%j -> %s %s', (body, status, failureReason) => {
    expect(threeDsOutcome(body as Record<string, unknown>, 'FRICTIONLESS', ids)).toMatchObject({
      status,
      failureReason,
    });
  });
  it('liability shift for full or attempted ECIs only', () => {
    expect(
      threeDsOutcome(
        { resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'Y', eci: '05' } },
        'FRICTIONLESS',
        ids,
      ).liabilityShift,
    ).toBe(true);
    expect(
      threeDsOutcome(
        { resultCode: 'AuthenticationFinished', threeDS2Result: { transStatus: 'Y', eci: '07' } },
        'FRICTIONLESS',
        ids,
      ).liabilityShift,
    ).toBe(false);
  });
});

describe('3DS sessions against the Adyen double', () => {
  let double: AdyenDouble;
  let adyen: AdyenCheckoutConnector;
  beforeAll(async () => {
    double = await startAdyenDouble({ hmacKey: '00ff' });
    adyen = new AdyenCheckoutConnector('ADYEN_3DS', {
      baseUrl: double.baseUrl,
      apiKey: 'k',
      hmacKeys: ['00ff'],
      merchantAccount: 'M',
      coreUrl: 'https://p.example/core',
      replayDelayMs: 1,
    });
  });
  afterAll(async () => {
    await adyen.close();
    await double.close();
  });
  const session = (number: string): AdyenThreeDsRequest => {
    const id = randomUUID();
    return {
      idempotencyKey: id,
      amount: 10_000,
      currency: 'BRL',
      installments: 2,
      challengePreference: 'CHALLENGE_REQUESTED',
      card: { number, expiryMonth: '03', expiryYear: '2030', holderName: 'Maria Silva' },
      browser: {
        acceptHeader: 'text/html',
        userAgent: 'Mozilla/5.0',
        language: 'pt-BR',
        colorDepth: 24,
        screenWidth: 1280,
        screenHeight: 800,
        timeZoneOffset: 180,
        ip: '203.0.113.9',
      },
      returnUrl: `https://p.example/core/3ds/return/${id}?t=tok`,
      shopperEmail: 'maria@example.com',
    };
  };

  it('frictionless, failed and not enrolled cards; every request validates', async () => {
    expect(await adyen['three-ds.authenticate'](session('4111111111111111'))).toMatchObject({
      status: 'SUCCEEDED',
      flow: 'FRICTIONLESS',
      transStatus: 'Y',
      eci: '05',
    });
    expect(await adyen['three-ds.authenticate'](session('4000000000002925'))).toMatchObject({
      status: 'FAILED',
      failureReason: 'AUTHENTICATION_FAILED',
    });
    expect(await adyen['three-ds.authenticate'](session('4000000000002420'))).toMatchObject({
      status: 'FAILED',
      failureReason: 'CARD_NOT_ENROLLED',
    });
    const [first] = double.server.received('/v71/payments');
    expect(first!.body).toMatchObject({
      authenticationData: {
        authenticationOnly: true,
        attemptAuthentication: 'always',
        threeDSRequestData: { nativeThreeDS: 'disabled' },
      },
      threeDS2RequestData: { threeDSRequestorChallengeInd: '03' },
      channel: 'Web',
      shopperIP: '203.0.113.9',
      installments: { value: 2 },
    });
    expect(double.server.requests.flatMap((r) => r.problems)).toEqual([]);
  });

  it("a challenge: RedirectShopper, the double's challenge page returns to us with redirectResult, /payments/details completes it", async () => {
    const req = session('4000000000002503');
    const started = await adyen['three-ds.authenticate'](req);
    expect(started).toMatchObject({ status: 'ACTION_REQUIRED', flow: 'CHALLENGE' });
    const page = await request(started.action!.url);
    expect(page.statusCode).toBe(303);
    const back = new URL(String(page.headers.location));
    expect(back.searchParams.get('t')).toBe('tok');
    const done = await adyen.completeChallenge(req.idempotencyKey, back.searchParams.get('redirectResult')!);
    expect(done).toMatchObject({ status: 'SUCCEEDED', flow: 'CHALLENGE', transStatus: 'Y' });
    expect(double.server.received('/v71/payments/details')[0]!.headers['idempotency-key']).toBe(
      `${req.idempotencyKey}-details`,
    );
    expect(double.server.requests.flatMap((r) => r.problems)).toEqual([]);
  });
});
