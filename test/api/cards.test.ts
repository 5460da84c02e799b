import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../../src/http/logger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encryptFor } from '../helpers/cards.js';
import { encryptEv } from '../../src/crypto/ev.js';
import { newKeyFile } from '../../src/vault/index.js';

const logLines: string[] = [];
let t: TestApp;
/** An Elo test number (BIN 636368, last digits 1234), encrypted for real with the app's sandbox key. */
const ELO = '6363680000031234';
let CIPHERTEXT: string;
beforeAll(async () => {
  // Every log line the app writes, at the most verbose level, is kept to search for the ciphertext.
  const logger = {
    ...(loggerOptions('trace') as object),
    stream: { write: (line: string) => void logLines.push(line) },
  };
  t = await createTestApp({ sandboxAutopilot: false }, {}, { logger });
  CIPHERTEXT = await encryptFor(t, ELO);
});
afterAll(async () => t?.close());

const card = (overrides: Record<string, unknown> = {}) => ({
  number: CIPHERTEXT,
  expiry_month: '09',
  expiry_year: String(new Date().getUTCFullYear() + 3),
  last_digits: '1234',
  cardholder_name: 'MARIA SILVA',
  bin: '636368',
  ...overrides,
});
const store = (key: string, merchantId: string, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/merchants/${merchantId}/cards`, key, payload: body });

describe('stored cards', () => {
  it('stores, lists, reads and closes a card; the ciphertext never comes back nor is logged', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const bodies: string[] = [];
    const res = await store(org.apiKey, m.id, { card: card({ funding: 'CREDIT', country: 'BR' }) });
    bodies.push(res.body);
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toEqual({
      id: expect.any(String),
      source: 'API',
      status: 'ACTIVE',
      brand: 'ELO',
      last_digits: '1234',
      expiry_month: '09',
      expiry_year: card().expiry_year,
      funding: 'CREDIT',
      issuer: null,
      country: 'BR',
      bin: '636368',
      segment: null,
      currency: null,
      cardholder_name: 'MARIA SILVA',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const explicit = await store(m.apiKey, m.id, {
      card: card({ number: await encryptFor(t, '4111110000011234'), bin: '411111', brand: 'visa' }),
    });
    expect(explicit.json().brand).toBe('VISA');
    bodies.push(explicit.body);

    const list = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/cards`, key: m.apiKey });
    expect(list.json().pagination.total).toBe(2);
    bodies.push(list.body);
    const one = await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/cards/${c.id}`, key: org.apiKey });
    bodies.push(one.body);
    expect(one.json()).toEqual(c);
    const closed = await t.request({
      method: 'DELETE',
      url: `/core/v1/merchants/${m.id}/cards/${c.id}`,
      key: org.apiKey,
    });
    bodies.push(closed.body);
    expect(closed.json().status).toBe('CLOSED');
    const again = await t.request({
      method: 'DELETE',
      url: `/core/v1/merchants/${m.id}/cards/${c.id}`,
      key: org.apiKey,
    });
    expect(again.json()).toEqual(closed.json());
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/cards?status=ACTIVE`, key: m.apiKey })).json()
        .pagination.total,
    ).toBe(1);

    const bad = await store(org.apiKey, m.id, { card: card({ expiry_month: '13' }), extra: CIPHERTEXT });
    bodies.push(bad.body);
    expect(bad.statusCode).toBe(400);

    // It is stored (for the provider) ...
    const stored = await t.db.db.execute(
      sql`select count(*)::int as n from stored_cards where number_ciphertext = ${CIPHERTEXT}`,
    );
    expect((stored as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // ... and nowhere else: not in any response, not in any log line.
    expect(logLines.length).toBeGreaterThan(0);
    for (const text of [...bodies, ...logLines]) expect(text).not.toContain(CIPHERTEXT.slice(3, 30));
  });

  it('refuses plaintext or malformed card numbers with ENCRYPTION_REQUIRED and no value', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    for (const number of [
      '4111111111111111',
      4111111111111111,
      'ev:short',
      'ev:has spaces in it here!',
      'EV:AAAAAAAAAAAAAAAAAAAA',
      null,
    ]) {
      const res = await store(org.apiKey, m.id, { card: card({ number }) });
      expect(res.statusCode).toBe(400);
      const issue = res.json().error.details.issues[0];
      expect(issue).toMatchObject({ field: 'card.number', type: 'ENCRYPTION_REQUIRED' });
      expect(issue.value).toBeUndefined();
      expect(res.body).not.toContain('4111111111111111');
    }
    const missing = await store(org.apiKey, m.id, { card: card({ number: undefined }) });
    expect(missing.json().error.details.issues[0]).toMatchObject({ field: 'card.number', type: 'REQUIRED' });
  });

  it('takes ev:v1 values only and verifies the number when it is stored (P6)', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const key = await t.deps.vault!.current();
    const otherEnvironment = newKeyFile('production', new Date()).keys[0];
    const flipped = (v: string) => {
      const ct = v.split(':')[6];
      const i = Math.floor(ct!.length / 2);
      return v.replace(ct!, `${ct!.slice(0, i)}${ct![i] === 'A' ? 'B' : 'A'}${ct!.slice(i + 1)}`);
    };
    const cases: [string, unknown, string, string][] = [
      ['the old loose ev: form', `ev:${'Q2lwaGVydGV4dE9mQUNhcmQ'}abc+/=`, 'card.number', 'DECRYPTION_FAILED'],
      ['a CVV purpose', await encryptFor(t, ELO, 'cvv'), 'card.number', 'DECRYPTION_FAILED'],
      ['an unknown kid', encryptEv(ELO, 'pan', { ...key, kid: 'sbx_unknown_kid' }), 'card.number', 'DECRYPTION_FAILED'],
      ["another environment's key", encryptEv(ELO, 'pan', otherEnvironment!), 'card.number', 'DECRYPTION_FAILED'],
      ['a tampered byte', flipped(CIPHERTEXT), 'card.number', 'DECRYPTION_FAILED'],
      [
        'a truncated segment',
        CIPHERTEXT.replace(/:([A-Za-z0-9_-]{16}):/, (_m, iv: string) => `:${iv.slice(1)}:`),
        'card.number',
        'DECRYPTION_FAILED',
      ],
      ['not Luhn-valid', await encryptFor(t, '6363680000031235'), 'card.number', 'INVALID_FORMAT'],
      ['not digits', await encryptFor(t, 'hello world 1234'), 'card.number', 'INVALID_FORMAT'],
    ];
    for (const [what, number, field, type] of cases) {
      const res = await store(org.apiKey, m.id, { card: card({ number }) });
      expect(res.statusCode, what).toBe(400);
      const issue = res.json().error.details.issues[0];
      expect(issue, what).toMatchObject({ field, type });
      expect(issue.value, what).toBeUndefined();
    }
    const bin = await store(org.apiKey, m.id, { card: card({ bin: '636369' }) });
    expect(bin.json().error.details.issues[0]).toEqual({
      field: 'card.bin',
      type: 'INVALID_FORMAT',
      message: expect.any(String),
    });
    const last = await store(org.apiKey, m.id, { card: card({ last_digits: '4321' }) });
    expect(last.json().error.details.issues[0]).toEqual({
      field: 'card.last_digits',
      type: 'INVALID_FORMAT',
      message: expect.any(String),
    });
    // An 8-digit BIN that matches is fine.
    expect((await store(org.apiKey, m.id, { card: card({ bin: '63636800' }) })).statusCode).toBe(201);
    const count = await t.db.db.execute(sql`select count(*)::int as n from stored_cards where company_id = ${m.id}`);
    expect((count as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('validates the other fields', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ expiry_month: '00' }, 'card.expiry_month', 'INVALID_FORMAT'],
      [{ expiry_year: '25' }, 'card.expiry_year', 'INVALID_FORMAT'],
      [{ expiry_year: String(new Date().getUTCFullYear() - 1) }, 'card.expiry_year', 'TOO_SMALL'],
      [{ last_digits: '12a4' }, 'card.last_digits', 'INVALID_FORMAT'],
      [{ bin: '12345' }, 'card.bin', 'INVALID_FORMAT'],
      [{ brand: 'NOPE' }, 'card.brand', 'INVALID_ENUM'],
      [{ cardholder_name: undefined }, 'card.cardholder_name', 'REQUIRED'],
      [{ cvv: 'ev:AAAAAAAAAAAAAAAAAAAA' }, 'card.cvv', 'UNKNOWN_FIELD'],
    ];
    for (const [override, field, type] of cases) {
      const res = await store(org.apiKey, m.id, { card: card(override) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.details.issues, field).toEqual(
        expect.arrayContaining([expect.objectContaining({ field, type })]),
      );
    }
    expect((await store(org.apiKey, m.id, {})).json().error.details.issues[0]).toMatchObject({
      field: 'card',
      type: 'REQUIRED',
    });
  });

  it('keeps cards within reach and replays request_id', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const sibling = await t.createMerchant(org.apiKey);
    const first = await store(org.apiKey, m.id, { card: card(), request_id: 'card-1' });
    const again = await store(org.apiKey, m.id, { card: card(), request_id: 'card-1' });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().id).toBe(first.json().id);
    const id = first.json().id;
    expect((await store(sibling.apiKey, m.id, { card: card() })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${m.id}/cards/${id}`, key: sibling.apiKey }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/core/v1/merchants/${sibling.id}/cards/${id}`, key: sibling.apiKey }))
        .statusCode,
    ).toBe(404);
    const stranger = await t.createOrganization();
    expect(
      (await t.request({ method: 'DELETE', url: `/core/v1/merchants/${m.id}/cards/${id}`, key: stranger.apiKey }))
        .statusCode,
    ).toBe(404);
  });
});
