import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.js';
import { buildPciApp } from '../../src/app.js';
import { parseEv } from '../../src/crypto/ev.js';
import { DomainError } from '../../src/kernel/errors.js';
import { consumeThreeDsSession } from '../../src/modules/payments/three-ds/three-ds.use.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { openVault } from '../../src/vault/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { storedCardInput } from '../helpers/cards.js';
import { eventually } from '../helpers/poll.js';
import { ratePoolOf } from '../helpers/rate-pools.js';
import {
  challengeOf,
  createSession,
  getSession,
  makePaymentReady,
  sessionBody,
  submitChallenge,
} from '../helpers/three-ds.js';

/** A session used once by a transaction (P3), a provider that times out or is down, and the PCI host's path. */
let t: TestApp;
let org: { id: string; apiKey: string };
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  org = await t.createOrganization();
  await makePaymentReady(t, org.id);
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => t?.close());

const consume = (
  sessionId: string,
  over: Partial<{ companyId: string; amount: number; installments: number; now: Date }> = {},
) =>
  t.db.db.transaction((tx) =>
    consumeThreeDsSession(tx, {
      sessionId,
      companyId: org.id,
      amount: 1990,
      installments: 1,
      transactionId: randomUUID(),
      now: new Date(),
      ...over,
    }),
  );
const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return { status: (err as DomainError).status, details: (err as DomainError).details };
};

describe('consumeThreeDsSession (the transactions area calls it in its transaction)', () => {
  it('hands over the proof, the card as its ev:v1 value and the authentication value, and marks the session used', async () => {
    const s = (await createSession(t, org.apiKey, await sessionBody(t, '5200000000002235'))).json();
    const txId = randomUUID();
    const used = await t.db.db.transaction((tx) =>
      consumeThreeDsSession(tx, {
        sessionId: s.id,
        companyId: org.id,
        amount: 1990,
        installments: 1,
        transactionId: txId,
        now: new Date(),
      }),
    );
    expect(used.threeDs).toEqual({
      source: 'SESSION',
      session_id: s.id,
      version: '2.2.0',
      eci: '02',
      trans_status: 'Y',
      liability_shift: true,
    });
    expect(used.card).toMatchObject({
      brand: 'MASTERCARD',
      bin: '520000',
      last_digits: '2235',
      expiry_month: '12',
      holder_name: 'ANA LIMA',
    });
    expect(parseEv(used.card.number)).toMatchObject({ purpose: 'pan' });
    expect(await openVault(t.deps.vault!).decrypt(used.card.number, 'pan')).toBe('5200000000002235');
    expect(used.authenticationValue).toBe(s.result.authentication_value);
    expect((await getSession(t, org.apiKey, s.id)).json().transaction_id).toBe(txId);
    expect(await refusal(consume(s.id))).toEqual({
      status: 409,
      details: { field: 'three_ds.session_id', value: 'USED' },
    });
  });

  it("P3's refusals: another company 404, not SUCCEEDED 409 with the status, amount and installments 409", async () => {
    const s = (
      await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111', { installments: 2 }))
    ).json();
    expect((await refusal(consume(s.id, { companyId: randomUUID(), installments: 2 }))).status).toBe(404);
    expect(await refusal(consume(s.id, { amount: 1, installments: 2 }))).toEqual({
      status: 409,
      details: { field: 'amount', value: 1 },
    });
    expect(await refusal(consume(s.id, { installments: 3 }))).toEqual({
      status: 409,
      details: { field: 'installments', value: 3 },
    });
    const failed = (await createSession(t, org.apiKey, await sessionBody(t, '4000000000002925'))).json();
    expect(await refusal(consume(failed.id))).toEqual({
      status: 409,
      details: { field: 'three_ds.session_id', value: 'FAILED' },
    });
    const waiting = (await createSession(t, org.apiKey, await sessionBody(t, '4000000000002503'))).json();
    expect(await refusal(consume(waiting.id))).toEqual({
      status: 409,
      details: { field: 'three_ds.session_id', value: 'ACTION_REQUIRED' },
    });
    expect(await refusal(consume(waiting.id, { now: new Date(Date.parse(waiting.expires_at) + 1) }))).toEqual({
      status: 409,
      details: { field: 'three_ds.session_id', value: 'EXPIRED' },
    });
    expect((await consume(s.id, { installments: 2 })).threeDs.session_id).toBe(s.id);
  });

  it("a challenged session with a stored card hands over the stored card's ev: value", async () => {
    const stored = (
      await t.request({
        method: 'POST',
        url: `/core/v1/merchants/${org.id}/cards`,
        key: org.apiKey,
        payload: { card: await storedCardInput(t, '4000000000002503') },
      })
    ).json();
    const s = (await createSession(t, org.apiKey, { amount: 1990, card_id: stored.id })).json();
    const { path, token } = challengeOf(s);
    await submitChallenge(t, path, { t: token, code: '1234' });
    const used = await consume(s.id);
    expect(used.threeDs).toMatchObject({ trans_status: 'Y', eci: '05' });
    expect(used.card).toMatchObject({ last_digits: '2503', holder_name: 'MARIA SILVA' });
    expect(await openVault(t.deps.vault!).decrypt(used.card.number, 'pan')).toBe('4000000000002503');
  });
});

/**
 * Runs the session's sync (its authentication operation's recovery job; the operation's id is the session's at the
 * sandbox) here at once. On a shared PostgreSQL another test file's runner could take it when
 * due, and its in-memory sandbox provider and key ring know nothing of this session (in a deployment every
 * instance shares both).
 */
async function runSyncNow(sessionId: string) {
  const [job] = await t.db.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `provider-operation.recover:${sessionId}`));
  expect(job).toBeDefined();
  await t.built.runner.runById(job!.id);
}

describe('the provider call', () => {
  it('a timeout records the session waiting (no next_action yet) and the sync job settles it; never a failure', async () => {
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unknown_outcome' });
    const res = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4000000000002701', { request_id: 'timeout-1' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ACTION_REQUIRED', next_action: null, result: { flow: null } });
    await runSyncNow(res.json().id);
    const settled = await eventually(
      () => getSession(t, org.apiKey, res.json().id).then((r) => r.json()),
      (s) => s.status !== 'ACTION_REQUIRED',
      'the sync job',
    );
    expect(settled).toMatchObject({ status: 'SUCCEEDED', result: { flow: 'FRICTIONLESS', trans_status: 'Y' } });
    expect(sandbox.faults.calls('three-ds.authenticate', res.json().id)).toBe(1);
  });

  it('a timeout on a challenge card shows the challenge once the sync knows', async () => {
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unknown_outcome' });
    const id = (await createSession(t, org.apiKey, await sessionBody(t, '4000000000002503'))).json().id;
    await runSyncNow(id);
    const ready = await eventually(
      () => getSession(t, org.apiKey, id).then((r) => r.json()),
      (s) => s.next_action !== null,
      'the sync job',
    );
    expect(ready.status).toBe('ACTION_REQUIRED');
    const { path, token } = challengeOf(ready);
    expect((await submitChallenge(t, path, { t: token, code: '1234' })).statusCode).toBe(200);
  });

  it('provider down: 502, nothing stored, the same request_id then succeeds under the same key', async () => {
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unavailable' });
    const body = await sessionBody(t, '4111111111111111', { request_id: 'down-1' });
    const down = await createSession(t, org.apiKey, body);
    expect(down.json().error.code).toBe('INTEGRATION_ERROR');
    const retry = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4111111111111111', { request_id: 'down-1' }),
    );
    expect(retry.statusCode).toBe(201);
    expect(sandbox.faults.calls('three-ds.authenticate', retry.json().id)).toBe(2);
  });

  it('the adapter refusing the card data maps onto the field; any other refusal is a 502 and the request_id is free again', async () => {
    for (const [code, field] of [
      ['CARD_BIN_MISMATCH', 'card.bin'],
      ['CARD_LAST_DIGITS_MISMATCH', 'card.last_digits'],
    ] as const) {
      sandbox.faults.inject('three-ds.authenticate', { kind: 'refused', code });
      const res = await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.issues).toEqual([expect.objectContaining({ field, type: 'INVALID_FORMAT' })]);
    }
    sandbox.faults.inject('three-ds.authenticate', { kind: 'refused', code: 'DIRECTORY_DOWN' });
    const refused = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4111111111111111', { request_id: 'refused-1' }),
    );
    expect(refused.json().error).toMatchObject({ code: 'INTEGRATION_ERROR', details: { reason: 'DIRECTORY_DOWN' } });
    expect(
      (await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111', { request_id: 'refused-1' })))
        .statusCode,
    ).toBe(201);
  });

  it('a value the vault cannot open is DECRYPTION_FAILED on card.number (no value), nothing stored', async () => {
    const body = await sessionBody(t, '4111111111111111', { request_id: 'bad-tag' });
    const parts = body.card.number.split(':');
    parts[6] = parts[6]!.slice(0, -2) + (parts[6]!.endsWith('AA') ? 'BB' : 'AA');
    const res = await createSession(t, org.apiKey, { ...body, card: { ...body.card, number: parts.join(':') } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.issues).toEqual([
      expect.objectContaining({ field: 'card.number', type: 'DECRYPTION_FAILED' }),
    ]);
    expect(res.json().error.details.issues[0].value).toBeUndefined();
  });
});

describe('the PCI host', () => {
  let core: FastifyInstance;
  let pci: FastifyInstance;
  beforeAll(async () => {
    core = t.app;
    pci = await buildPciApp(t.deps, { logger: false }, { core });
    await pci.ready();
  });
  afterAll(async () => pci?.close());

  it('takes a plaintext card, encrypts it in transit, and answers what the core answers (both variants)', async () => {
    const payload = {
      amount: 700,
      request_id: 'pci-3ds',
      card: {
        number: '4000000000002503',
        expiry_month: '01',
        expiry_year: String(new Date().getUTCFullYear() + 1),
        holder_name: 'X Y',
      },
    };
    const res = await pci.inject({
      method: 'POST',
      url: '/core/v1/3ds-sessions',
      headers: { 'x-api-key': org.apiKey },
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'ACTION_REQUIRED',
      card: { brand: 'VISA', bin: '400000', last_digits: '2503' },
    });
    expect(res.body).not.toContain('4000000000002503');
    // A retry through the PCI host encrypts anew: the same request_id replays.
    const again = await pci.inject({
      method: 'POST',
      url: '/core/v1/3ds-sessions',
      headers: { 'x-api-key': org.apiKey },
      payload,
    });
    expect([again.statusCode, again.json().id]).toEqual([200, res.json().id]);
    const merchant = await pci.inject({
      method: 'POST',
      url: `/core/v1/merchants/${org.id}/3ds-sessions`,
      headers: { 'x-api-key': org.apiKey },
      payload: { ...payload, request_id: undefined, card: { ...payload.card, number: '4000000000002701' } },
    });
    expect(merchant.json()).toMatchObject({ status: 'SUCCEEDED', company_id: org.id });
    expect(merchant.headers['x-ratelimit-limit']).toBeDefined();
    const read = await pci.inject({
      method: 'GET',
      url: `/core/v1/3ds-sessions/${res.json().id}`,
      headers: { 'x-api-key': org.apiKey },
    });
    expect(read.statusCode).toBe(404); // the PCI host serves only the creates
  });
});

describe('rate pools (P10)', () => {
  it('the creates count in the high pool (a refused body too); the read and the page in the standard pool', async () => {
    const s = await createSession(t, org.apiKey, await sessionBody(t, '4000000000002503'));
    expect(ratePoolOf(s)).toBe('high');
    expect(ratePoolOf(await createSession(t, org.apiKey, { amount: 0 }, org.id))).toBe('high');
    expect(ratePoolOf(await getSession(t, org.apiKey, s.json().id))).toBe('standard');
    const { path, token } = challengeOf(s.json());
    expect(ratePoolOf(await t.request({ method: 'GET', url: `${path}?t=${token}` }))).toBe('standard');
  });
});
