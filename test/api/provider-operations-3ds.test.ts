import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, jobs, providerOperations, threeDsSessions } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { threeDsOperationHandlers } from '../../src/modules/payments/three-ds/three-ds.operations.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createSession, getSession, makePaymentReady, sessionBody } from '../helpers/three-ds.js';
import { payingMerchant } from '../helpers/transactions.js';
import { attemptId } from '../../src/providers/routing/draw.js';

/**
 * Issue 24 item 1: 3DS authentication runs on the provider-operation primitive. Each routed attempt is a
 * `three-ds-session.authenticate` operation whose id is the key the provider receives (the session id at the
 * sandbox); an unknown outcome leaves it PENDING (the session shown waiting) and its recovery job (the generic
 * `provider-operation.recover`, reading first with `three-ds.sync`) resolves it; a crash before the recording is
 * recovered the same way; only a definitive refusal fails.
 */
let t: TestApp;
let org: { id: string; apiKey: string };
let sandbox: SandboxProvider;
/** Real time as the recovery job sees it: past the grace a live call may still hold. */
const skew = { ms: 0 };
let recover: (id: string) => Promise<unknown>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  org = await t.createOrganization();
  await makePaymentReady(t, org.id);
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  const run = recoverProviderOperations(
    { db: t.db.db, now: () => new Date(Date.now() + skew.ms), enqueue: enqueueJob },
    threeDsOperationHandlers({ db: t.db.db, clock: t.deps.clock, providers: t.deps.providers }),
  );
  recover = (id) => run({ payload: { operationId: id } });
});
afterAll(async () => t?.close());
afterEach(async () => {
  skew.ms = 0;
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

const operationsOf = (sessionId: string) =>
  t.db.db
    .select()
    .from(providerOperations)
    .where(and(eq(providerOperations.resourceType, 'three-ds-session'), eq(providerOperations.resourceId, sessionId)));
const recoveryJobOf = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${id}`))
  )[0];
const sessionRow = async (id: string) =>
  (await t.db.db.select().from(threeDsSessions).where(eq(threeDsSessions.id, id)))[0];
const claimOf = async (requestId: string) =>
  (await t.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.requestId, requestId)))[0];

/** Makes the recording of `org`'s sessions fail, as a process dying right after the provider answered. */
async function failingRecord<T>(body: () => Promise<T>): Promise<T> {
  const name = `fail_3ds_${randomBytes(4).toString('hex')}`;
  await t.db.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.company_id = '${org.id}' and new.announced then raise exception 'simulated crash while recording'; end if;
      return new; end $$`),
  );
  await t.db.db.execute(
    sql.raw(`create trigger ${name} before update on three_ds_sessions for each row execute function ${name}()`),
  );
  try {
    return await body();
  } finally {
    await t.db.db.execute(sql.raw(`drop trigger ${name} on three_ds_sessions`));
    await t.db.db.execute(sql.raw(`drop function ${name}()`));
  }
}

describe('3DS authentication on the provider-operation primitive', () => {
  it('a frictionless session: one SUCCEEDED operation whose id is the key the provider received', async () => {
    const res = await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const ops = await operationsOf(id);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ id, kind: 'three-ds-session.authenticate', status: 'SUCCEEDED', attempts: 1 });
    // The key sent is the operation's id; the operation's request holds no card data.
    expect(sandbox.faults.calls('three-ds.authenticate', ops[0]!.id)).toBe(1);
    expect(JSON.stringify(ops[0]!.request)).not.toContain('ev:');
    expect(JSON.stringify(ops[0]!.request)).not.toContain('4111');
    expect((await sessionRow(id))?.announced).toBe(true);
  });

  it('an unknown outcome: 201 waiting, the operation PENDING with its recovery job; the recovery (sync first) resolves it, never a failure', async () => {
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unknown_outcome' });
    const res = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4000000000002701', { request_id: `unknown-${randomBytes(3).toString('hex')}` }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ACTION_REQUIRED', next_action: null });
    const id = res.json().id as string;
    const [op] = await operationsOf(id);
    expect(op).toMatchObject({ id, status: 'PENDING', attempts: 1 });
    expect(await recoveryJobOf(id)).toMatchObject({ status: 'PENDING' });

    await recover(id);
    const [done] = await operationsOf(id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    const settled = (await getSession(t, org.apiKey, id)).json();
    expect(settled).toMatchObject({ status: 'SUCCEEDED', result: { flow: 'FRICTIONLESS', trans_status: 'Y' } });
    // The sync read it under the same key: the provider was asked to authenticate once.
    expect(sandbox.faults.calls('three-ds.authenticate', id)).toBe(1);
    expect(sandbox.faults.calls('three-ds.sync', id)).toBe(1);
    // A finished operation is skipped by a late recovery run.
    await recover(id);
    expect((await operationsOf(id))[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
  });

  it('a crash before the recording: nothing shown, the request_id kept; the recovery job records the session once and completes the request_id', async () => {
    const requestId = `crash-${randomBytes(3).toString('hex')}`;
    const body = await sessionBody(t, '4111111111111111', { request_id: requestId });
    const crashed = await failingRecord(() => createSession(t, org.apiKey, body));
    expect(crashed.statusCode).toBeGreaterThanOrEqual(500);
    const [op] = (
      await t.db.db
        .select()
        .from(providerOperations)
        .where(eq(providerOperations.kind, 'three-ds-session.authenticate'))
    ).filter((o) => (o.request as { claim?: { requestId?: string } }).claim?.requestId === requestId);
    expect(op).toMatchObject({ status: 'PENDING' });
    const id = op!.resourceId;
    expect(op!.id).toBe(id);
    // Claimed, never announced: no session to read.
    expect((await sessionRow(id))?.announced).toBe(false);
    expect((await getSession(t, org.apiKey, id)).statusCode).toBe(404);
    expect(await claimOf(requestId)).toMatchObject({ phase: 'STARTED' });

    // The generic recovery job (past the in-flight grace) finishes it: the provider's answer read under the key.
    skew.ms = 60_000;
    await recover(op!.id);
    expect((await operationsOf(id))[0]).toMatchObject({ status: 'SUCCEEDED' });
    expect((await getSession(t, org.apiKey, id)).json()).toMatchObject({ status: 'SUCCEEDED' });
    expect(await claimOf(requestId)).toMatchObject({ phase: 'DONE' });
    expect(sandbox.faults.calls('three-ds.authenticate', id)).toBe(1);
    const replay = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4111111111111111', { request_id: requestId }),
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ id, status: 'SUCCEEDED' });
  });

  it('unavailable releases the operation (nothing submitted); the retry opens it again under the same key', async () => {
    const requestId = `down-${randomBytes(3).toString('hex')}`;
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unavailable' });
    const body = await sessionBody(t, '4111111111111111', { request_id: requestId });
    const down = await createSession(t, org.apiKey, body);
    expect(down.statusCode).toBe(502);
    // Released: nothing submitted, nothing stored; the request_id is free for the retry under the same key.
    const [released] = (
      await t.db.db
        .select()
        .from(providerOperations)
        .where(eq(providerOperations.kind, 'three-ds-session.authenticate'))
    ).filter((o) => (o.request as { claim?: { requestId?: string } }).claim?.requestId === requestId);
    expect(released).toMatchObject({ status: 'RELEASED' });
    expect(await sessionRow(released!.resourceId)).toBeUndefined();
    const retry = await createSession(
      t,
      org.apiKey,
      await sessionBody(t, '4111111111111111', { request_id: requestId }),
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(released!.resourceId);
    expect((await operationsOf(retry.json().id))[0]).toMatchObject({ id: released!.id, status: 'SUCCEEDED' });
  });

  it('a definitive refusal fails the operation: 502, no session, the request_id free again', async () => {
    const requestId = `refused-${randomBytes(3).toString('hex')}`;
    sandbox.faults.inject('three-ds.authenticate', { kind: 'refused', code: 'DIRECTORY_DOWN' });
    const res = await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111', { request_id: requestId }));
    expect(res.json().error).toMatchObject({ code: 'INTEGRATION_ERROR', details: { reason: 'DIRECTORY_DOWN' } });
    const [op] = (
      await t.db.db
        .select()
        .from(providerOperations)
        .where(eq(providerOperations.kind, 'three-ds-session.authenticate'))
    ).filter((o) => (o.request as { claim?: { requestId?: string } }).claim?.requestId === requestId);
    expect(op).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(await sessionRow(op!.resourceId)).toBeUndefined();
    expect(await claimOf(requestId)).toBeUndefined();
  });

  it('a refusal when the recovery asks again fails a session shown waiting (DIRECTORY_UNAVAILABLE)', async () => {
    sandbox.faults.inject('three-ds.authenticate', { kind: 'unknown_outcome' });
    const res = await createSession(t, org.apiKey, await sessionBody(t, '4111111111111111'));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    sandbox.faults.inject('three-ds.sync', { kind: 'refused', code: 'DIRECTORY_DOWN' });
    await recover(id);
    expect((await operationsOf(id))[0]).toMatchObject({ status: 'FAILED' });
    expect((await getSession(t, org.apiKey, id)).json()).toMatchObject({
      status: 'FAILED',
      failure_reason: 'DIRECTORY_UNAVAILABLE',
    });
  });

  it('failover: the first account releases (nothing submitted), the next runs under its own operation and key', async () => {
    const A = '00000000-0000-4000-8000-0000000000a1';
    const B = '00000000-0000-4000-8000-0000000000b1';
    const behaviour = (account: string, method: 'PUT' | 'DELETE', payload?: Record<string, unknown>) =>
      t.request({
        method,
        url: `/core/v1/platform/sandbox/provider-accounts/${account}/behaviour`,
        key: t.platformKey,
        ...(payload ? { payload } : {}),
      });
    const { merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
    expect((await behaviour(A, 'PUT', { technical_failure: { kind: 'UNAVAILABLE', next: 1 } })).statusCode).toBe(200);
    try {
      const res = await createSession(t, merchant.apiKey, await sessionBody(t, '4111111111111111'));
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as string;
      expect(res.json()).toMatchObject({ status: 'SUCCEEDED', provider: 'PROVIDER_B' });
      const ops = (await operationsOf(id)).sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime());
      expect(ops.map((o) => [o.id, o.provider, o.status])).toEqual([
        [id, 'PROVIDER_A', 'RELEASED'],
        [attemptId(id, B), 'PROVIDER_B', 'SUCCEEDED'],
      ]);
      const b = t.deps.providers.get('PROVIDER_B') as SandboxProvider;
      expect(b.faults.calls('three-ds.authenticate', attemptId(id, B))).toBe(1);
    } finally {
      await behaviour(A, 'DELETE');
    }
  });
});
