import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, makePaying, payingMerchant } from '../helpers/transactions.js';
import { providerOperations } from '../../src/db/schema/index.js';
import { attemptId } from '../../src/providers/routing/draw.js';

/**
 * providers.md R6.8: each attempt of a create is one provider operation (a `provider_operations` row) whose id is
 * the attempt's key at its account; a retry of the same request_id re-opens the same operations under the same keys,
 * so no account ever takes the payment twice. Two SANDBOX accounts of this file's own (the worker's database is
 * shared on PostgreSQL).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

const staff = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/core/v1${url}`, key: t.platformKey, ...(payload === undefined ? {} : { payload }) });

async function account() {
  const name = `OP_${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await staff('POST', '/platform/provider-accounts', {
    provider: name,
    display_name: name,
    connector: 'SANDBOX',
    environment: 'TEST',
    circuit_breaker: { failure_threshold: 50, cooldown_seconds: 30 },
  });
  expect(created.statusCode).toBe(201);
  return { name, id: created.json().id as string };
}

/** An organization routing its cards X then Y (PRIORITY), and a merchant affiliated with both. */
async function twoAccounts() {
  const [x, y] = [await account(), await account()];
  const { org, merchant } = await payingMerchant(t, []);
  await makePaying(t, merchant.id, [x.name, y.name]);
  const put = await t.request({
    method: 'PUT',
    url: '/core/v1/routing',
    key: org.apiKey,
    payload: {
      rules: [
        { name: 'cards', priority: 0, conditions: [], strategy: { type: 'PRIORITY', providers: [x.name, y.name] } },
      ],
    },
  });
  expect(put.statusCode).toBe(200);
  const pay = async (request_id: string) =>
    createTx(t, merchant.apiKey, await cardPayment(t, '4111111111111111', { request_id }));
  return { x, y, org, merchant, pay };
}

const operationsOf = (transactionId: string) =>
  t.db.db
    .select()
    .from(providerOperations)
    .where(and(eq(providerOperations.resourceType, 'transaction'), eq(providerOperations.resourceId, transactionId)))
    .orderBy(asc(providerOperations.createdAt));

describe('each attempt is one provider operation (R6.8)', () => {
  it('a failover leaves one operation per account, under the attempt ids: released where nothing landed', async () => {
    const { x, y, pay } = await twoAccounts();
    await staff('PUT', `/platform/sandbox/provider-accounts/${x.id}/behaviour`, {
      technical_failure: { kind: 'UNAVAILABLE', next: 1 },
    });
    const tx = (await pay(`ops-${randomUUID()}`)).json();
    expect(tx).toMatchObject({ status: 'APPROVED', provider: y.name });
    const ops = await operationsOf(tx.id);
    expect(ops.map((o) => [o.id, o.provider, o.kind, o.status])).toEqual([
      [tx.attempts[0].id, x.name, 'transaction.authorize', 'RELEASED'],
      [tx.attempts[1].id, y.name, 'transaction.authorize', 'SUCCEEDED'],
    ]);
    expect(ops[0].id).toBe(attemptId(tx.id, x.id));
    expect(ops.every((o) => o.attempts === 1 && o.finishedAt !== null)).toBe(true);
  });

  it('a 502 releases every operation; the retry re-opens the same ones under the same keys, one success', async () => {
    const { x, y, pay } = await twoAccounts();
    for (const a of [x, y])
      await staff('PUT', `/platform/sandbox/provider-accounts/${a.id}/behaviour`, {
        technical_failure: { kind: 'UNAVAILABLE', next: 1 },
      });
    const requestId = `ops-${randomUUID()}`;
    const failed = await pay(requestId);
    expect(failed.statusCode).toBe(502);
    const retried = await pay(requestId);
    expect(retried.statusCode).toBe(201);
    const tx = retried.json();
    expect(tx).toMatchObject({ status: 'APPROVED', provider: x.name, attempts: [{ provider: x.name }] });
    const ops = await operationsOf(tx.id);
    // The same two keys as the 502's attempts (derived from the transaction and the account): x's re-opened and
    // answered, y's left released; nothing under any other key.
    expect(ops.map((o) => [o.id, o.status, o.attempts])).toEqual([
      [attemptId(tx.id, x.id), 'SUCCEEDED', 2],
      [attemptId(tx.id, y.id), 'RELEASED', 1],
    ]);
    // A replay answers the stored transaction and calls nothing.
    const replay = await pay(requestId);
    expect(replay.statusCode).toBe(200);
    expect((await operationsOf(tx.id)).map((o) => o.attempts)).toEqual([2, 1]);
  });

  it('an unknown outcome keeps its operation open until the transaction is resolved', async () => {
    const { x, merchant, pay } = await twoAccounts();
    await staff('PUT', `/platform/sandbox/provider-accounts/${x.id}/behaviour`, {
      technical_failure: { kind: 'TIMEOUT', next: 1 },
    });
    const tx = (await pay(`ops-${randomUUID()}`)).json();
    expect(tx.status).toBe('PROCESSING');
    expect((await operationsOf(tx.id)).map((o) => [o.provider, o.status])).toEqual([[x.name, 'PENDING']]);
    const settled = await staff('POST', `/platform/sandbox/transactions/${tx.id}/settle`, { status: 'AUTHORIZED' });
    expect(settled.json().status).toBe('AUTHORIZED');
    expect((await operationsOf(tx.id)).map((o) => o.status)).toEqual(['SUCCEEDED']);
    // Closed: the capture is not held back as an operation in progress.
    const captured = await t.request({
      method: 'POST',
      url: `/core/v1/transactions/${tx.id}/capture`,
      key: merchant.apiKey,
      payload: {},
    });
    expect(captured.statusCode).toBe(200);
    expect(captured.json().status).toBe('APPROVED');
  });
});
