import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { cashouts, jobs, providerOperations } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { cashoutDeps } from '../../src/modules/cashouts/cashouts.context.js';
import { applyCashoutReport } from '../../src/modules/cashouts/cashout-status.js';
import { cashoutOperationHandlers } from '../../src/modules/cashouts/cashout-submission.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { balanceOf, cashoutMerchant, createCashout } from '../helpers/cashouts.js';

/** Only a refusal fails a cashout: a lost answer leaves it PENDING with its hold and a status sync (money.md M5). */
let t: TestApp;
let sandbox: SandboxProvider;
/** Real time as the recovery job sees it: past the grace a live call may still hold. */
const skew = { ms: 0 };
let recover: (job: { payload: Record<string, unknown> }) => Promise<unknown>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  recover = recoverProviderOperations(
    { db: t.db.db, now: () => new Date(Date.now() + skew.ms), enqueue: enqueueJob },
    cashoutOperationHandlers(cashoutDeps(t.deps)),
  );
});
afterAll(async () => t?.close());
afterEach(async () => {
  skew.ms = 0;
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

/** The cashout's operation (its id is the cashout's) and its one recovery job. */
const operationOf = async (id: string) =>
  (await t.db.db.select().from(providerOperations).where(eq(providerOperations.id, id)))[0];
const recoveryJobOf = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, RECOVER_OPERATION_JOB), eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${id}`)))
  )[0];
const row = async (id: string) => (await t.db.db.select().from(cashouts).where(eq(cashouts.id, id)))[0]!;

describe('cashout provider path', () => {
  it('a timeout: PENDING with its hold and its operation; the recovery reads what the provider has, without submitting again', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000 });
    sandbox.faults.inject('cashout.submit', { kind: 'unknown_outcome' });
    const res = await createCashout(t, org.apiKey, { request_id: 'to-1', bank_account_id: accountId, amount: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', end_to_end_id: null });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 600, held: 400 });
    const id = res.json().id as string;
    expect(await operationOf(id)).toMatchObject({
      kind: 'cashout.submit',
      status: 'PENDING',
      attempts: 1,
      resourceType: 'cashout',
      resourceId: id,
    });
    expect(await recoveryJobOf(id)).toMatchObject({ status: 'PENDING' });
    const calls = sandbox.faults.calls('cashout.submit', id);
    await recover({ payload: { operationId: id } });
    expect(sandbox.faults.calls('cashout.submit', id)).toBe(calls);
    const after = await row(id);
    expect(after.status).toBe('PENDING');
    expect(after.providerCashoutId).toMatch(/^provider_a_co_/);
    expect(await operationOf(id)).toMatchObject({ status: 'SUCCEEDED' });
    // Finished: a second run of the job does nothing.
    await recover({ payload: { operationId: id } });
    expect(sandbox.faults.calls('cashout.submit', id)).toBe(calls);
  });

  it('unavailable: nothing submitted, the operation stays PENDING and the recovery submits under the same key', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000 });
    sandbox.faults.inject('cashout.submit', { kind: 'unavailable' });
    const res = await createCashout(t, org.apiKey, { request_id: 'un-1', bank_account_id: accountId, amount: 300 });
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    const id = res.json().id as string;
    expect((await row(id)).providerCashoutId).toBeNull();
    expect(await operationOf(id)).toMatchObject({ status: 'PENDING' });
    await recover({ payload: { operationId: id } });
    expect((await row(id)).providerCashoutId).toMatch(/^provider_a_co_/);
  });

  it('the provider took it but the record step failed: the recovery records it once, and the money is exact', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 25 });
    // The step that records the provider's answer fails (as when the process dies right after the provider applied it).
    const name = `fail_cashout_${randomBytes(4).toString('hex')}`;
    await t.db.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.provider_cashout_id is distinct from old.provider_cashout_id then raise exception 'simulated crash while recording'; end if;
      return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger ${name} before update on cashouts for each row execute function ${name}()`),
    );
    let id: string;
    try {
      const res = await createCashout(t, org.apiKey, { request_id: 'cr-1', bank_account_id: accountId, amount: 400 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'PENDING' });
      id = res.json().id;
    } finally {
      await t.db.db.execute(sql.raw(`drop trigger ${name} on cashouts`));
      await t.db.db.execute(sql.raw(`drop function ${name}()`));
    }
    expect(sandbox.faults.calls('cashout.submit', id)).toBe(1);
    expect((await row(id)).providerCashoutId).toBeNull();
    expect(await operationOf(id)).toMatchObject({ status: 'PENDING', attempts: 0 });
    // Before the grace a live call may still hold, the recovery waits; after it, it reads the provider's record.
    expect(await recover({ payload: { operationId: id } })).toMatchObject({ rescheduleAt: expect.any(Date) });
    skew.ms = 31_000;
    await recover({ payload: { operationId: id } });
    expect(sandbox.faults.calls('cashout.submit', id)).toBe(1);
    expect((await row(id)).providerCashoutId).toMatch(/^provider_a_co_/);
    expect(await operationOf(id)).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    // The provider completes it: amount and price leave the account once, nothing stays held.
    await applyCashoutReport(cashoutDeps(t.deps), 'test', id, { status: 'COMPLETED' });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 575, held: 0 });
  });

  it('a refusal fails it and releases the hold', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 25 });
    sandbox.faults.inject('cashout.submit', {
      kind: 'refused',
      code: 'DESTINATION_OWNER_MISMATCH',
      message: 'owner differs',
    });
    const res = await createCashout(t, org.apiKey, { request_id: 'rf-1', bank_account_id: accountId, amount: 300 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'FAILED', error_code: 'DESTINATION_OWNER_MISMATCH' });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 1_000, held: 0 });
  });
});
