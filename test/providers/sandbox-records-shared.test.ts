import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';
import { migrate } from '../../src/db/migrate.js';
import { rowsOf } from '../../src/db/rows.js';
import { DatabaseSandboxRecords } from '../../src/providers/sandbox/database-records.js';
import { sandboxProviders, type ProviderRegistry } from '../../src/providers/registry.js';
import { SANDBOX_CARDS } from '../../src/providers/sandbox.js';
import { ProviderError } from '../../src/providers/errors.js';

/**
 * Two instances of the sandbox providers on one database (PGlite, or the PostgreSQL of DATABASE_URL through
 * two pools): what one instance was sent, the other answers for. Before the records were shared, a status sync
 * claimed by the other instance's job runner answered "not found" (a delayed card waited out its patience).
 */
let handles: DbHandle[] = [];
let a: ProviderRegistry;
let b: ProviderRegistry;

beforeAll(async () => {
  const first = await openTestDatabase({ poolSize: 4 });
  await migrate(first);
  // On PostgreSQL a second pool is a second instance; PGlite has one connection, so both share it.
  const second = process.env.DATABASE_URL
    ? await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 })
    : first;
  handles = [...new Set([first, second])];
  a = sandboxProviders({ records: new DatabaseSandboxRecords(first.db) });
  b = sandboxProviders({ records: new DatabaseSandboxRecords(second.db) });
});
afterAll(async () => {
  for (const h of handles) await h.close();
});

const card = (number: string) => ({ number, expiryMonth: '12', expiryYear: '2031', holderName: 'Test Holder' });
const authorize = (registry: ProviderRegistry, key: string, number: string, capture = true) =>
  registry.require(
    'PROVIDER_A',
    'card.authorize',
  )({ idempotencyKey: key, amount: 10_000, currency: 'BRL', installments: 1, capture, card: card(number) });
const refusalCode = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof ProviderError ? e.code : e),
  );

describe('sandbox providers sharing their records through the database', () => {
  it('a delayed card authorized on one instance settles on the other: 0036 approves, 0044 refuses', async () => {
    const approved = randomUUID();
    const refused = randomUUID();
    expect((await authorize(a, approved, SANDBOX_CARDS.processingThenApproved)).status).toBe('PROCESSING');
    expect((await authorize(a, refused, SANDBOX_CARDS.processingThenRefused)).status).toBe('PROCESSING');
    expect(await b.require('PROVIDER_A', 'card.sync')({ idempotencyKey: approved })).toMatchObject({
      found: true,
      status: 'CAPTURED',
      capturedAmount: 10_000,
    });
    expect(await b.require('PROVIDER_A', 'card.sync')({ idempotencyKey: refused })).toMatchObject({
      found: true,
      status: 'REFUSED',
      refusal: { code: 'CARD_DECLINED' },
    });
    // The other instance sees the settled payment, and the other provider knows nothing of it.
    expect(await a.require('PROVIDER_A', 'card.sync')({ idempotencyKey: approved })).toMatchObject({
      status: 'CAPTURED',
    });
    expect(await a.require('PROVIDER_B', 'card.sync')({ idempotencyKey: approved })).toEqual({ found: false });
  });

  it('a retry on the other instance replays the first answer; capture and void race once', async () => {
    const key = randomUUID();
    const first = await authorize(a, key, '4111111111111111', false);
    expect(await authorize(b, key, SANDBOX_CARDS.declined, false)).toEqual(first);
    const racing = await Promise.all([
      refusalCode(a.require('PROVIDER_A', 'card.capture')({ idempotencyKey: key, paymentKey: key, amount: 4_000 })),
      refusalCode(b.require('PROVIDER_A', 'card.void')({ idempotencyKey: key, paymentKey: key })),
    ]);
    // Exactly one of the two applied; the other found the payment already moved.
    expect(racing.filter((r) => r === null)).toHaveLength(1);
    expect(racing).toContain('INVALID_STATE');
  });

  it('refunds follow the card whichever instance syncs them: 5126 fails, 7726 stays pending, others succeed', async () => {
    const outcomes: Record<string, string> = {};
    for (const number of [SANDBOX_CARDS.refundFails, SANDBOX_CARDS.refundStaysPending, '4111111111111111']) {
      const payment = randomUUID();
      const refund = randomUUID();
      await authorize(a, payment, number);
      await a.require('PROVIDER_A', 'card.refund')({ idempotencyKey: refund, paymentKey: payment, amount: 1_000 });
      const synced = await b.require('PROVIDER_A', 'card.refund-sync')({ idempotencyKey: refund });
      outcomes[number] = synced.found ? synced.status : 'NOT_FOUND';
    }
    expect(outcomes).toEqual({
      [SANDBOX_CARDS.refundFails]: 'FAILED',
      [SANDBOX_CARDS.refundStaysPending]: 'PENDING',
      '4111111111111111': 'SUCCEEDED',
    });
  });

  it('a PIX charge issued on one instance is cancelled and synced on the other', async () => {
    const key = randomUUID();
    const issued = await a.require(
      'PROVIDER_B',
      'pix.charge',
    )({
      idempotencyKey: key,
      amount: 500,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
      receiver: { name: 'R', city: 'Sao Paulo', account: { branch: '0001', accountNumber: '123' } },
    });
    expect((await b.require('PROVIDER_B', 'pix.cancel')({ idempotencyKey: key })).status).toBe('CANCELED');
    expect(await a.require('PROVIDER_B', 'pix.sync')({ idempotencyKey: key })).toEqual({
      found: true,
      ...issued,
      status: 'CANCELED',
    });
  });

  it('the directory is one: a key registered on one instance is owned there, taken for the other, removed once', async () => {
    const email = `shared-${randomUUID()}@example.com`;
    const register = (registry: ProviderRegistry, owner: string) =>
      registry.require(
        'PROVIDER_A',
        'pix-key.register',
      )({
        idempotencyKey: owner,
        keyType: 'EMAIL',
        key: email,
        account: { branch: '0001', accountNumber: '1234567890' },
        owner: { name: 'Owner Ltd', document: '12345678000190' },
      });
    const owner = randomUUID();
    const racing = await Promise.all([refusalCode(register(a, owner)), refusalCode(register(b, randomUUID()))]);
    expect(racing.sort()).toEqual([null, 'KEY_ALREADY_REGISTERED'].sort());
    const lookup = await b.require(
      'PROVIDER_A',
      'dict.lookup',
    )({ idempotencyKey: randomUUID(), key: email, expectedOwnerDocument: '12345678000190' });
    expect(lookup).toMatchObject({ found: true, keyType: 'EMAIL', dict: { is_owned_by_company: true } });
    // Whichever of the two won, its owner removes it, once; the sync then finds nothing.
    const winner = racing[0] === null ? owner : null;
    if (winner) {
      expect(await b.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: owner })).toMatchObject({
        found: true,
        status: 'ACTIVE',
        key: email,
      });
      expect(await b.require('PROVIDER_A', 'pix-key.delete')({ idempotencyKey: owner, key: email })).toEqual({
        deleted: true,
      });
      expect(await a.require('PROVIDER_A', 'pix-key.delete')({ idempotencyKey: owner, key: email })).toEqual({
        deleted: false,
      });
      expect(await a.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: owner })).toEqual({ found: false });
    }
  });

  it('concurrent authorizations under one key over both instances keep one record, and none holds the card', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        authorize(i % 2 ? a : b, key, i % 2 ? '4111111111111111' : SANDBOX_CARDS.declined),
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const rows = rowsOf(
      await handles[0]!.db.execute(sql`select value::text as value from sandbox_provider_records where key = ${key}`),
    );
    expect(rows).toHaveLength(1);
    expect(String(rows[0]!.value)).not.toMatch(/4111111111111111|4000000000000002/);
  });
});
