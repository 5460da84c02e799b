import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { internalTransfers, jobs, providerOperations } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { transferOperationHandlers } from '../../src/modules/banking/transfer-submission.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';

/**
 * Regression tests of issue 10's first money bug: a lost provider answer is not a refusal. A timeout leaves
 * the transfer PENDING with its hold and its provider operation PENDING with its recovery job; `unavailable`
 * is retried under the same key; only `refused` fails it and releases the hold. The recovery job's handler
 * runs here directly (as the job runner will), with real time shifted past the grace a live call may hold.
 */
let t: TestApp;
let sandbox: SandboxProvider;
const skew = { ms: 0 };
let recover: (job: { payload: Record<string, unknown> }) => Promise<void | { rescheduleAt: Date }>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  const operations = { db: t.db.db, now: () => new Date(Date.now() + skew.ms), enqueue: enqueueJob };
  recover = recoverProviderOperations(
    operations,
    transferOperationHandlers({ db: t.db.db, providers: t.deps.providers, clock: t.deps.clock, operations }),
  );
});
afterAll(async () => t?.close());
afterEach(async () => {
  skew.ms = 0;
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

async function funded() {
  const org = await t.createOrganization();
  const open = async () =>
    (
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/bank-accounts',
        key: org.apiKey,
        payload: { provider: 'PROVIDER_A' },
      })
    ).json();
  const [a, b] = [await open(), await open()];
  await t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`,
    key: t.platformKey,
    payload: { amount: 1_000 },
  });
  return { org, a, b };
}
const transfer = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key, payload });
const balance = async (key: string, id: string) =>
  (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key })).json().balance;
const row = async (id: string) =>
  (await t.db.db.select().from(internalTransfers).where(eq(internalTransfers.id, id)))[0];
const operationOf = async (id: string) =>
  (await t.db.db.select().from(providerOperations).where(eq(providerOperations.id, id)))[0];
const recoveryJobOf = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECOVER_OPERATION_JOB), eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${id}`)))
  )[0];
const recoverNow = (id: string) => recover({ payload: { operationId: id } });

describe('internal transfers: only a refusal fails them', () => {
  it('a timeout after the provider applied it: PENDING, hold kept, the operation open; its recovery records what the provider has', async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unknown_outcome' });
    const res = await transfer(org.apiKey, {
      request_id: 'timeout-1',
      origin_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 400,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', provider_transfer_id: null });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 600, held: 400, pending: 0, debt: 0 });
    const id = res.json().id as string;
    expect(await operationOf(id)).toMatchObject({
      kind: 'internal-transfer.submit',
      resourceType: 'internal_transfer',
      status: 'PENDING',
      attempts: 1,
    });
    expect(await recoveryJobOf(id)).toMatchObject({ status: 'PENDING', payload: { operationId: id } });
    const calls = sandbox.faults.calls('internal-transfer.submit', id);
    expect(await recoverNow(id)).toBeUndefined();
    // The provider had it: the recovery read it (psync) and recorded its ids without submitting again.
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(calls);
    const after = await row(id);
    expect(after).toMatchObject({ status: 'PENDING' });
    expect(after!.providerTransferId).toMatch(/^provider_a_tr_/);
    expect(await operationOf(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 2 });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 600, held: 400, pending: 0, debt: 0 });
    // Finished: the job finds nothing left to do.
    await recoverNow(id);
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(calls);
  });

  it("unavailable: nothing was submitted; the recovery resubmits under the same key, on R5.1's schedule while the provider is down", async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unavailable', times: 2 });
    const res = await transfer(org.apiKey, {
      request_id: 'down-1',
      origin_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 250,
    });
    expect(res.json()).toMatchObject({ status: 'PENDING', provider_transfer_id: null });
    const id = res.json().id as string;
    expect(await operationOf(id)).toMatchObject({ status: 'PENDING', attempts: 1 });
    const again = await recoverNow(id);
    // The second completed call: asked again 30 s later (R5.1: 10 s, 30 s, 1 min, ...).
    expect(again && again.rescheduleAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect((await row(id))!.providerTransferId).toBeNull();
    expect(await recoverNow(id)).toBeUndefined();
    expect((await row(id))!.providerTransferId).toMatch(/^provider_a_tr_/);
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 750, held: 250, pending: 0, debt: 0 });
  });

  it('a refusal during a resubmission fails the transfer and releases the hold', async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unavailable' });
    const res = await transfer(org.apiKey, {
      request_id: 'later-refused',
      origin_bank_account_id: a.id,
      destination_bank_account_id: b.id,
      amount: 300,
    });
    sandbox.faults.inject('internal-transfer.submit', {
      kind: 'refused',
      code: 'ACCOUNT_BLOCKED',
      message: 'origin blocked',
    });
    await recoverNow(res.json().id);
    expect(await row(res.json().id)).toMatchObject({
      status: 'FAILED',
      errorMessage: expect.stringContaining('origin blocked'),
    });
    expect(await operationOf(res.json().id)).toMatchObject({ status: 'FAILED' });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 1_000, held: 0, pending: 0, debt: 0 });
  });

  it('the provider took it but the record step failed: the recovery records it once, and the money is exact', async () => {
    const { org, a, b } = await funded();
    const name = `fail_transfer_${randomBytes(4).toString('hex')}`;
    await t.db.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.provider_transfer_id is distinct from old.provider_transfer_id then raise exception 'simulated crash while recording'; end if;
      return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger ${name} before update on internal_transfers for each row execute function ${name}()`),
    );
    let id: string;
    try {
      const res = await transfer(org.apiKey, {
        request_id: 'record-fails',
        origin_bank_account_id: a.id,
        destination_bank_account_id: b.id,
        amount: 100,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'PENDING', provider_transfer_id: null });
      id = res.json().id;
    } finally {
      await t.db.db.execute(sql.raw(`drop trigger ${name} on internal_transfers`));
      await t.db.db.execute(sql.raw(`drop function ${name}()`));
    }
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(1);
    expect(await operationOf(id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    // Within the grace a live call may still hold, the recovery waits; after it, it reads the provider's record.
    expect(await recoverNow(id)).toMatchObject({ rescheduleAt: expect.any(Date) });
    skew.ms = 31_000;
    await recoverNow(id);
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(1);
    expect((await row(id))!.providerTransferId).toMatch(/^provider_a_tr_/);
    expect(await operationOf(id)).toMatchObject({ status: 'SUCCEEDED' });
    // The provider completes it: the money moves once.
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/internal-transfers/${id}/status`,
      key: t.platformKey,
      payload: { status: 'PROCESSING' },
    });
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/internal-transfers/${id}/status`,
      key: t.platformKey,
      payload: { status: 'COMPLETED' },
    });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 900, held: 0, pending: 0, debt: 0 });
    expect(await balance(org.apiKey, b.id)).toEqual({ available: 100, held: 0, pending: 0, debt: 0 });
    // Terminal: a later run of the job submits nothing.
    await recoverNow(id);
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(1);
  });

  it('backs off: each reschedule waits about as long as the job has waited, from 2 s to 5 min', async () => {
    const { backoff } = await import('../../src/modules/banking/banking.jobs.js');
    const now = new Date('2030-01-01T00:00:00Z');
    const at = (agoMs: number) =>
      backoff({ createdAt: new Date(now.getTime() - agoMs) }, now).getTime() - now.getTime();
    expect([at(0), at(10_000), at(3_600_000)]).toEqual([2_000, 10_000, 300_000]);
  });
});
