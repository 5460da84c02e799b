import { describe, expect, it } from 'vitest';
import { createClient, PlatformError, unwrap } from '../src/index.js';

/** A fetch that answers from a script and records what it was sent. */
function scripted(...answers: (() => Response)[]) {
  const seen: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
    const next = answers.shift();
    if (!next) throw new Error('no answer left');
    return next();
  };
  return { fetch, seen };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const envelope = (status: number, code: string) => ({
  error: { code, message: code, status, path: '/', timestamp: 't', requestId: 'req-1', details: { reason: 'X' } },
});

describe('createClient', () => {
  it('sends the API key, or the bearer token, and the base URL with the path filled in', async () => {
    const { fetch, seen } = scripted(json(200, { id: 't1' }), json(200, { id: 't1' }));
    await createClient({ baseUrl: 'https://core.test/core', apiKey: 'key_1', fetch }).GET('/v1/transactions/{id}', {
      params: { path: { id: 't1' } },
    });
    await createClient({ baseUrl: 'https://core.test/core', token: 'jwt_1', fetch }).GET('/v1/transactions/{id}', {
      params: { path: { id: 't1' } },
    });
    expect(seen.map((s) => [s.url, s.headers.get('x-api-key'), s.headers.get('authorization')])).toEqual([
      ['https://core.test/core/v1/transactions/t1', 'key_1', null],
      ['https://core.test/core/v1/transactions/t1', null, 'Bearer jwt_1'],
    ]);
  });

  it('sends a list filter as one comma-separated value, as the server reads it (issue 27: filters are typed lists)', async () => {
    const { fetch, seen } = scripted(json(200, { data: [], pagination: {} }));
    await createClient({ baseUrl: 'https://core.test/core', apiKey: 'k', fetch }).GET('/v1/transactions', {
      params: {
        query: { status: ['APPROVED', 'REFUSED'], payment_method: ['PIX'], sort: ['-amount', 'created_at'], limit: 5 },
      },
    });
    expect(decodeURIComponent(new URL(seen[0]!.url).search)).toBe(
      '?status=APPROVED,REFUSED&payment_method=PIX&sort=-amount,created_at&limit=5',
    );
  });

  it('sends card creates to the PCI host, and says so when it was not configured', async () => {
    const { fetch, seen } = scripted(json(201, { id: 't1' }));
    const api = createClient({
      baseUrl: 'https://core.test/core',
      pciBaseUrl: 'https://pci.test/core',
      apiKey: 'k',
      fetch,
    });
    await api.pci.POST('/v1/transactions', {
      body: { payment_method: 'CREDIT_CARD', amount: 100, card_data: { number: '4111111111111111' } },
    });
    expect(seen[0]!.url).toBe('https://pci.test/core/v1/transactions');
    expect(() => createClient({ baseUrl: 'https://core.test/core', apiKey: 'k' }).pci).toThrow(/pciBaseUrl/);
  });

  it('sends again a request the platform refused before any work (load guard 503, rate pool 429), the body intact', async () => {
    const limited = () =>
      new Response(null, { status: 429, headers: { 'x-ratelimited': 'true', 'x-ratelimit-reset': '0' } });
    const { fetch, seen } = scripted(
      json(503, envelope(503, 'SERVICE_UNAVAILABLE'), { 'retry-after': '0' }),
      limited,
      json(201, { id: 'm1' }),
    );
    const answer = await createClient({ baseUrl: 'https://core.test/core', apiKey: 'k', fetch }).POST(
      '/v1/transactions/{id}/refunds',
      { params: { path: { id: 't1' } }, body: { amount: 5 } },
    );
    expect(answer.response.status).toBe(201);
    expect(seen.map((s) => s.body)).toEqual(Array(3).fill('{"amount":5}'));
  });

  it('gives up after `retries`, and never retries other errors', async () => {
    const busy = json(503, envelope(503, 'SERVICE_UNAVAILABLE'), { 'retry-after': '0' });
    const a = scripted(busy, busy);
    expect(
      (await createClient({ baseUrl: 'https://c.test', apiKey: 'k', fetch: a.fetch, retries: 1 }).GET('/v1/merchants'))
        .response.status,
    ).toBe(503);
    expect(a.seen).toHaveLength(2);
    const b = scripted(json(503, envelope(503, 'PROVIDER_UNAVAILABLE')), json(500, envelope(500, 'INTERNAL_ERROR')));
    const api = createClient({ baseUrl: 'https://c.test', apiKey: 'k', fetch: b.fetch });
    expect((await api.GET('/v1/merchants')).response.status).toBe(503);
    expect((await api.GET('/v1/merchants')).response.status).toBe(500);
    expect(b.seen).toHaveLength(2);
  });
});

describe('unwrap', () => {
  it("names a rate pool's bodiless 429 by the catalogue's code", async () => {
    const limited = () =>
      new Response(null, { status: 429, headers: { 'x-ratelimited': 'true', 'x-ratelimit-reset': '0' } });
    const { fetch } = scripted(limited);
    const err = await unwrap(
      createClient({ baseUrl: 'https://c.test', apiKey: 'k', fetch, retries: 0 }).GET('/v1/merchants'),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
  });

  it('answers the data, or throws a PlatformError with the envelope', async () => {
    const { fetch } = scripted(json(200, { data: [], pagination: {} }), json(409, envelope(409, 'CONFLICT_ERROR')));
    const api = createClient({ baseUrl: 'https://c.test', apiKey: 'k', fetch });
    expect(await unwrap(api.GET('/v1/merchants'))).toEqual({ data: [], pagination: {} });
    const err = await unwrap(api.GET('/v1/merchants')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err).toMatchObject({
      status: 409,
      code: 'CONFLICT_ERROR',
      requestId: 'req-1',
      details: { reason: 'X' },
      message: 'CONFLICT_ERROR',
    });
  });
});
