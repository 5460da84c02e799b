import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, buildPciApp } from '../../src/app.js';
import { loggerOptions } from '../../src/http/logger.js';
import { encryptEv, parseEv } from '../../src/crypto/ev.js';
import { buildPciHost } from '../../src/pci/pci-app.js';
import { newKeyFile, openVault } from '../../src/vault/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encryptFor } from '../helpers/cards.js';

/**
 * The PCI host in front of a core that has create routes: the transaction handlers here are test stand-ins (a
 * hook in front of the real creates; test/api/transactions-pci.test.ts runs the real path) that record what they
 * received and answer like a create. The 3DS session creates are real (test/api/three-ds-use.test.ts runs them
 * through this host); here they show the card object `card` is encrypted like `card_data`.
 */
const logLines: string[] = [];
const logger = () => ({
  ...(loggerOptions('trace') as object),
  stream: { write: (line: string) => void logLines.push(line) },
});
let t: TestApp;
let core: FastifyInstance;
let pci: FastifyInstance;
const seen: { url: string; body: any }[] = [];
const PAN = '4000000000000010';
const CVV = '987';

beforeAll(async () => {
  t = await createTestApp();
  core = await buildApp(t.deps, { logger: logger() });
  const record = async (request: { url: string; body: unknown }, reply: { code(n: number): unknown }) => {
    seen.push({ url: request.url, body: request.body });
    reply.code(201);
    return { id: `made-${seen.length}`, echoed_amount: (request.body as { amount?: number }).amount };
  };
  // The transaction creates are real routes now: a hook answers for them before their validation, so this
  // file keeps testing what the PCI host relays (test/api/transactions-pci.test.ts covers the real path).
  core.addHook('preValidation', async (request, reply) => {
    if (
      request.method !== 'POST' ||
      !/^\/core\/v1\/(merchants\/[^/]+\/)?transactions$/.test(request.url.split('?')[0]!)
    )
      return;
    const answer = await record(request, reply);
    // Not the real route's response schema: the stand-in's own answer, as JSON.
    return reply.serializer((payload: unknown) => JSON.stringify(payload)).send(answer);
  });
  await core.ready();
  pci = await buildPciApp(t.deps, { logger: logger() }, { core });
  await pci.ready();
});
afterAll(async () => {
  await pci?.close();
  await core?.close();
  await t?.close();
});

const txBody = (card: Record<string, unknown> = {}) => ({
  request_id: 'pci-1',
  payment_method: 'CREDIT_CARD',
  amount: 1990,
  installments: 3,
  metadata: { order: 'A-1' },
  customer: { name: 'Ana', email: 'ana@example.com' },
  card_data: { number: PAN, cvv: CVV, expiry_month: '12', expiry_year: '2031', holder_name: 'ANA LIMA', ...card },
});

describe('the PCI host', () => {
  it('encrypts number and cvv in transit, fills bin, last_digits and brand, passes the rest and answers what the core answers', async () => {
    const org = await t.createOrganization();
    const before = seen.length;
    const res = await pci.inject({
      method: 'POST',
      url: '/core/v1/transactions?x=1',
      headers: { 'x-api-key': org.apiKey },
      payload: txBody(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: `made-${before + 1}`, echoed_amount: 1990 });
    expect(res.headers['x-ratelimit-limit']).toBeDefined(); // the core's own pool headers
    const got = seen[before];
    expect(got!.url).toBe('/core/v1/transactions?x=1');
    const { card_data: card, ...rest } = got!.body;
    const { card_data: _sent, ...sentRest } = txBody();
    expect(rest).toEqual(sentRest);
    expect(card).toMatchObject({
      bin: '400000',
      last_digits: '0010',
      brand: 'VISA',
      expiry_month: '12',
      expiry_year: '2031',
      holder_name: 'ANA LIMA',
    });
    expect(parseEv(card.number)).toMatchObject({ purpose: 'pan' });
    expect(parseEv(card.cvv)).toMatchObject({ purpose: 'cvv' });
    expect(JSON.stringify(got!.body)).not.toContain(PAN);
    const vault = openVault(t.deps.vault!);
    expect(await vault.decrypt(card.number, 'pan')).toBe(PAN);
    expect(await vault.decrypt(card.cvv, 'cvv')).toBe(CVV);
  });

  it('serves the merchant and 3DS variants; an ev: value passes untouched; one ephemeral key within 15 s', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const ev = await encryptFor(t, PAN);
    const before = seen.length;
    const a = await pci.inject({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/transactions`,
      headers: { 'x-api-key': org.apiKey },
      payload: txBody({ number: ev, bin: '400000', last_digits: '0010' }),
    });
    expect(a.statusCode).toBe(201);
    expect(seen[before]!.body.card_data.number).toBe(ev);
    expect(seen[before]!.body.card_data.brand).toBeUndefined(); // nothing derived from a value it cannot read
    const s = await pci.inject({
      method: 'POST',
      url: '/core/v1/transactions',
      headers: { 'x-api-key': org.apiKey },
      payload: txBody({ number: '5200000000002151', cvv: undefined }),
    });
    expect(s.statusCode).toBe(201);
    const card = seen[before + 1]!.body.card_data;
    expect(card).toMatchObject({ bin: '520000', last_digits: '2151', brand: 'MASTERCARD' });
    const m3 = await pci.inject({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/transactions`,
      headers: { 'x-api-key': org.apiKey },
      payload: txBody({ number: '4000000000002503' }),
    });
    expect(m3.statusCode).toBe(201);
    const epk = (v: string) => v.split(':')[4];
    expect(epk(seen[before + 2]!.body.card_data.number)).toBe(epk(card.number));
    expect(seen[before + 2]!.body.card_data.number.split(':')[5]).not.toBe(card.number.split(':')[5]);
    // The real 3DS create behind the host: the card object `card` is encrypted the same way (the org is not ACTIVE: 409).
    const tds = await pci.inject({
      method: 'POST',
      url: '/core/v1/3ds-sessions',
      headers: { 'x-api-key': org.apiKey },
      payload: {
        amount: 500,
        card: { number: '5200000000002151', expiry_month: '01', expiry_year: '2032', holder_name: 'X Y' },
      },
    });
    expect(tds.json().error.details).toMatchObject({ field: 'company', reason: 'COMPANY_NOT_ACTIVE' });
  });

  it('refuses a bad number, CVV, or mismatching bin/last digits/brand without echoing card data; the core never sees them', async () => {
    const before = seen.length;
    const cases: [Record<string, unknown>, string, unknown][] = [
      [{ number: '4000000000000011' }, 'card_data.number', undefined],
      [{ number: '40000000' }, 'card_data.number', undefined],
      [{ number: 4000000000000010 }, 'card_data.number', undefined],
      [{ cvv: '12' }, 'card_data.cvv', undefined],
      [{ bin: '411111' }, 'card_data.bin', '411111'],
      [{ last_digits: '1111' }, 'card_data.last_digits', '1111'],
      [{ brand: 'ELO' }, 'card_data.brand', 'ELO'],
    ];
    for (const [card, field, value] of cases) {
      const res = await pci.inject({
        method: 'POST',
        url: '/core/v1/transactions',
        headers: { 'x-api-key': 'anything' },
        payload: txBody(card),
      });
      expect(res.statusCode, field).toBe(400);
      const issue = res.json().error.details.issues[0];
      expect(issue, field).toMatchObject({ field, type: 'INVALID_FORMAT' });
      expect(issue.value, field).toBe(value);
      expect(res.body).not.toContain(PAN);
      expect(res.body).not.toContain(`"${CVV}"`);
    }
    expect(seen.length).toBe(before);
    // A matching 8-digit BIN and a lower-case brand are fine.
    const ok = await pci.inject({
      method: 'POST',
      url: '/core/v1/transactions',
      headers: { 'x-api-key': (await t.createOrganization()).apiKey },
      payload: txBody({ bin: '40000000', brand: 'visa' }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it("relays the core's refusals unchanged and answers 404 outside its four routes", async () => {
    const unauth = await pci.inject({ method: 'POST', url: '/core/v1/transactions', payload: txBody() });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json().error.code).toBe('AUTHENTICATION_ERROR');
    expect(unauth.headers['x-request-id']).toBe(unauth.json().error.requestId);
    for (const [method, url] of [
      ['GET', '/core/v1/transactions'],
      ['POST', '/core/v1/merchants'],
      ['GET', '/core/health'],
      ['GET', '/core/v1/encryption-keys'],
      ['POST', '/core/v1/transactions/abc/capture'],
      ['GET', '/'],
    ] as const) {
      const res = await pci.inject({ method, url, headers: { 'x-api-key': 'k' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', requestId: res.headers['x-request-id'] });
      expect(res.headers['x-ratelimit-limit'], 'the standard pool').toBeDefined();
    }
  });

  it('logs no card number and no CVV, at trace level, on either host', async () => {
    expect(logLines.length).toBeGreaterThan(10);
    for (const line of logLines) {
      expect(line).not.toContain(PAN);
      expect(line).not.toContain('5200000000002151');
      expect(line).not.toMatch(new RegExp(`"${CVV}"`));
    }
  });

  it('keeps no data: it runs with no database, only a core and a public key', async () => {
    const key = newKeyFile('sandbox', new Date()).keys[0]!;
    const stub = Fastify();
    const got: unknown[] = [];
    stub.post('/core/v1/transactions', async (request, reply) => {
      got.push(request.body);
      return reply.code(201).send({ ok: true });
    });
    const host = await buildPciHost({ core: stub, logLevel: 'silent', publicKey: async () => key });
    const res = await host.inject({ method: 'POST', url: '/core/v1/transactions', payload: txBody() });
    expect(res.statusCode).toBe(201);
    expect((got[0] as any).card_data.number).toMatch(/^ev:v1:sbx_/);
    expect(encryptEv('x', 'pan', key)).toMatch(/^ev:v1:/);
    await host.close();
    await stub.close();
  });

  it('a core that cannot give its key (shedding load): 503 to retry with none read yet, the last key read otherwise', async () => {
    const key = newKeyFile('sandbox', new Date()).keys[0]!;
    const stub = Fastify();
    stub.post('/core/v1/transactions', async (_request, reply) => reply.code(201).send({ ok: true }));
    let available = false;
    const host = await buildPciHost({
      core: stub,
      logLevel: 'silent',
      publicKey: async () => {
        if (!available) throw new Error('encryption keys unavailable (503)');
        return key;
      },
    });
    const first = await host.inject({ method: 'POST', url: '/core/v1/transactions', payload: txBody() });
    expect(first.statusCode, first.body).toBe(503);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(first.body).not.toContain(PAN);
    available = true;
    expect((await host.inject({ method: 'POST', url: '/core/v1/transactions', payload: txBody() })).statusCode).toBe(
      201,
    );
    available = false;
    const later = Date.now() + 20_000;
    const spy = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await host.inject({ method: 'POST', url: '/core/v1/transactions', payload: txBody() })).statusCode).toBe(
        201,
      );
    } finally {
      spy.mockRestore();
    }
    await host.close();
    await stub.close();
  });
});
