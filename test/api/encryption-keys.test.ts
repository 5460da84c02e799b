import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { storedCardInput } from '../helpers/cards.js';
import { jobs, storedCards } from '../../src/db/schema/index.js';
import { cardJobHandlers, REENCRYPT_CARDS, RETIRE_KEY } from '../../src/modules/cards/cards.jobs.js';
import { ManualClock } from '../../src/kernel/clock.js';
import { openVault } from '../../src/vault/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const keys = () => t.request({ method: 'GET', url: '/core/v1/encryption-keys' });

describe('encryption keys (P6)', () => {
  it('GET /v1/encryption-keys needs no credential, is cacheable and readable from any origin', async () => {
    const res = await keys();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const doc = res.json();
    expect(doc.environment).toBe('sandbox');
    expect(doc.keys).toHaveLength(1);
    expect(doc.keys[0]).toEqual({
      kid: doc.current_kid,
      kty: 'EC',
      crv: 'P-256',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      y: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      use: 'enc',
      alg: 'ECDH-P256+HKDF-SHA256+A256GCM',
      format: 'ev:v1',
      status: 'ACTIVE',
      created_at: expect.any(String),
      not_after: null,
    });
    expect(doc.current_kid).toMatch(/^sbx_[a-z0-9_]{3,28}$/);
    expect(res.body).not.toMatch(/"d"/);
  });

  it('rotation is staff only; stored cards move to the new key in the background; the old key retires when unreferenced', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const before = (await keys()).json().current_kid as string;
    const cards = [];
    for (const number of ['4111111111111111', '5555555555554444', '4000000000000010']) {
      const res = await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${m.id}/cards`,
        key: org.apiKey,
        payload: { card: await storedCardInput(t, number) },
      });
      expect(res.statusCode).toBe(201);
      cards.push(res.json().id as string);
    }
    expect(
      (await t.request({ method: 'POST', url: '/core/v1/platform/encryption-keys/rotate', key: org.apiKey }))
        .statusCode,
    ).toBe(403);

    const rotated = await t.request({
      method: 'POST',
      url: '/core/v1/platform/encryption-keys/rotate',
      key: t.platformKey,
    });
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json();
    expect(next).toMatchObject({ status: 'ACTIVE', not_after: null });
    const doc = (await keys()).json();
    expect(doc.current_kid).toBe(next.kid);
    expect(doc.keys.map((k: { kid: string; status: string }) => [k.kid, k.status])).toEqual([
      [next.kid, 'ACTIVE'],
      [before, 'RETIRING'],
    ]);

    // The rotation queued the re-encryption and the retirement, in its own transaction.
    const queued = await t.db.db
      .select()
      .from(jobs)
      .where(sql`${jobs.dedupeKey} in (${`${REENCRYPT_CARDS}:${before}`}, ${`${RETIRE_KEY}:${before}`})`);
    expect(queued.map((j) => j.kind).sort()).toEqual([RETIRE_KEY, REENCRYPT_CARDS].sort());
    const retireJob = queued.find((j) => j.kind === RETIRE_KEY)!;
    expect(retireJob.runAt.getTime() - retireJob.createdAt.getTime()).toBeGreaterThanOrEqual(
      90 * 24 * 3600 * 1000 - 1000,
    );

    // The handlers, called directly (the app's job runner may run the queued one too: both are idempotent).
    const clock = new ManualClock(new Date());
    const handlers = cardJobHandlers({
      db: t.db.db,
      vault: t.deps.vault!,
      storedNumbers: t.deps.storedCardNumbers!,
      clock,
      batchSize: 2,
    });
    const job = queued.find((j) => j.kind === REENCRYPT_CARDS)!;
    const retire = queued.find((j) => j.kind === RETIRE_KEY)!;
    // Batches of 2: it asks to run again while a full batch was found, and stops when nothing is left.
    let runs = 0;
    while ((await handlers[REENCRYPT_CARDS](job)) !== undefined) expect(++runs).toBeLessThanOrEqual(2);
    expect(await handlers[REENCRYPT_CARDS](job)).toBeUndefined(); // idempotent: nothing left
    const vault = openVault(t.deps.vault!);
    for (const id of cards) {
      const [row] = await t.db.db.select().from(storedCards).where(eq(storedCards.id, id));
      expect(row.numberCiphertext.split(':')[2]).toBe(next.kid);
      expect(row.status).toBe('ACTIVE');
      expect(await vault.decrypt(row.numberCiphertext, 'pan')).toMatch(/^\d{16}$/);
    }
    // Unreferenced but RETIRING for 90 days: not yet.
    expect(await handlers[RETIRE_KEY](retire)).toMatchObject({ rescheduleAt: expect.any(Date) });
    expect((await keys()).json().keys.find((k: { kid: string }) => k.kid === before).status).toBe('RETIRING');
    // The stored cards still work after the rotation: a fresh card under the new key is accepted.
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/core/v1/merchants/${m.id}/cards`,
          key: org.apiKey,
          payload: { card: await storedCardInput(t) },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('GET /v1/sandbox/test-cards lists P9 cards already encrypted, accepted as stored cards', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    expect((await t.request({ method: 'GET', url: '/core/v1/sandbox/test-cards' })).statusCode).toBe(401);
    const res = await t.request({ method: 'GET', url: '/core/v1/sandbox/test-cards', key: m.apiKey });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.length).toBeGreaterThanOrEqual(18);
    expect(res.body).not.toContain('4111111111111111');
    const visa = data.find((c: { card_data: { last_digits: string; bin: string } }) => c.card_data.bin === '411111')!;
    expect(visa).toMatchObject({
      outcome: 'APPROVED',
      card_data: {
        brand: 'VISA',
        last_digits: '1111',
        number: expect.stringMatching(/^ev:v1:sbx_/),
        cvv: expect.stringMatching(/^ev:v1:sbx_[a-z0-9_]+:cvv:/),
      },
    });
    const elo = data.find((c: { card_data: { bin: string } }) => c.card_data.bin === '650529')!;
    expect(elo.card_data.brand).toBe('ELO');
    const vault = openVault(t.deps.vault!);
    expect(await vault.decrypt(visa.card_data.number, 'pan')).toBe('4111111111111111');
    const { cvv: _cvv, holder_name, brand: _brand, ...rest } = visa.card_data;
    const stored = await t.request({
      method: 'POST',
      url: `/core/v1/merchants/${m.id}/cards`,
      key: m.apiKey,
      payload: { card: { ...rest, cardholder_name: holder_name } },
    });
    expect(stored.statusCode).toBe(201);
  });
});
