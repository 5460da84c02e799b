import { afterAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { runDoubleCommand, startAdyenDouble } from './index.js';

/** The doubles' own controls over HTTP, as a developer (or another test suite) drives them. */
describe('provider doubles', () => {
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.statusCode, body: (await res.body.json()) as Record<string, unknown> };
  };

  it('adyen: fail knob over HTTP, requests listed with the card and API key masked, invalid requests answered 422 and listed', async () => {
    const double = await startAdyenDouble({ hmacKey: '00ff' });
    stops.push(() => double.close());
    expect(
      (await post(`${double.server.url}/__double/fail`, { path_prefix: '/v71/payments', status: 503, count: 1 }))
        .status,
    ).toBe(200);
    const payment = {
      merchantAccount: 'M',
      reference: 'r',
      amount: { currency: 'BRL', value: 100 },
      returnUrl: 'https://x.example/r',
      paymentMethod: {
        type: 'scheme',
        number: '4111111111111111',
        expiryMonth: '03',
        expiryYear: '2030',
        holderName: 'A',
        cvc: '737',
      },
    };
    const headers = { 'x-api-key': 'secret-key-1234', 'idempotency-key': 'k1' };
    expect((await post(`${double.baseUrl}/payments`, payment, headers)).status).toBe(503);
    expect(await post(`${double.baseUrl}/payments`, payment, headers)).toMatchObject({
      status: 200,
      body: { resultCode: 'Authorised' },
    });
    expect(
      await post(`${double.baseUrl}/payments`, { ...payment, bogus: true }, { ...headers, 'idempotency-key': 'k2' }),
    ).toMatchObject({ status: 422, body: { errorType: 'validation', errorCode: '702' } });
    const listed = (await (await request(`${double.server.url}/__double/requests`)).body.json()) as {
      requests: Array<{
        status: number;
        headers: Record<string, string>;
        body: { paymentMethod: Record<string, string> };
        problems: string[];
      }>;
    };
    expect(listed.requests.map((r) => r.status)).toEqual([503, 200, 422]);
    expect(listed.requests[0]!.headers['x-api-key']).toBe('…1234');
    expect(listed.requests[0]!.body.paymentMethod).toMatchObject({ number: '…1111', cvc: '[REDACTED]' });
    expect(JSON.stringify(listed)).not.toContain('4111111111111111');
    expect(listed.requests[2]!.problems.join()).toMatch(/bogus/);
  });

  it('platform double: runs until stopped and says where to point the account', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    const running = runDoubleCommand('adyen', { port: '0', hmacKey: 'abcd' }, (l) => lines.push(l), stop.signal);
    while (lines.length < 2) await new Promise((r) => setTimeout(r, 20));
    expect(lines[1]).toMatch(/base_url: http:\/\/127\.0\.0\.1:\d+\/v71/);
    stop.abort();
    await running;
    await expect(runDoubleCommand('adyen', { hmacKey: 'xyz' }, () => {}, stop.signal)).rejects.toThrow(/--hmac-key/);
    await expect(runDoubleCommand('stripe', {}, () => {}, stop.signal)).rejects.toThrow(/unknown double/);
  });
});
