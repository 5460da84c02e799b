import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cashouts, jobs, type JobRow } from '../../src/db/schema/index.js';
import type { JobHandler, JobRegistrations } from '../../src/jobs/registry.js';
import { cashoutJobs } from '../../src/modules/cashouts/cashouts.jobs.js';
import { cashoutDeps } from '../../src/modules/cashouts/cashouts.context.js';
import { CASHOUT_SUBMIT_JOB, CASHOUT_SYNC_JOB } from '../../src/modules/cashouts/cashout-submission.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { balanceOf, cashoutMerchant, createCashout } from '../helpers/cashouts.js';

/** Only a refusal fails a cashout: a lost answer leaves it PENDING with its hold and a status sync (money.md M5). */
let t: TestApp;
let sandbox: SandboxProvider;
let handlers: JobRegistrations;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  handlers = cashoutJobs(cashoutDeps(t.deps));
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const run = (kind: string): JobHandler => {
  const entry = handlers[kind]!;
  return typeof entry === 'function' ? entry : entry.handler;
};
const jobOf = async (kind: string, id: string): Promise<JobRow | undefined> => (await t.db.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.dedupeKey, `${kind}:${id}`))))[0];
const row = async (id: string) => (await t.db.db.select().from(cashouts).where(eq(cashouts.id, id)))[0]!;

describe('cashout provider path', () => {
  it('a timeout: PENDING with its hold and a sync; the sync records what the provider has, without submitting again', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000 });
    sandbox.faults.inject('cashout.submit', { kind: 'unknown_outcome' });
    const res = await createCashout(t, org.apiKey, { request_id: 'to-1', bank_account_id: accountId, amount: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', end_to_end_id: null });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 600, held: 400 });
    const sync = await jobOf(CASHOUT_SYNC_JOB, res.json().id);
    expect(sync).toMatchObject({ status: 'PENDING' });
    const calls = sandbox.faults.calls('cashout.submit', res.json().id);
    await run(CASHOUT_SYNC_JOB)(sync!);
    expect(sandbox.faults.calls('cashout.submit', res.json().id)).toBe(calls);
    const after = await row(res.json().id);
    expect(after.status).toBe('PENDING');
    expect(after.providerCashoutId).toMatch(/^provider_a_co_/);
    await run(CASHOUT_SUBMIT_JOB)((await jobOf(CASHOUT_SUBMIT_JOB, res.json().id))!);
    expect(sandbox.faults.calls('cashout.submit', res.json().id)).toBe(calls);
  });

  it('unavailable: nothing submitted, the recovery job submits under the same key', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000 });
    sandbox.faults.inject('cashout.submit', { kind: 'unavailable' });
    const res = await createCashout(t, org.apiKey, { request_id: 'un-1', bank_account_id: accountId, amount: 300 });
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    expect((await row(res.json().id)).providerCashoutId).toBeNull();
    await run(CASHOUT_SUBMIT_JOB)((await jobOf(CASHOUT_SUBMIT_JOB, res.json().id))!);
    expect((await row(res.json().id)).providerCashoutId).toMatch(/^provider_a_co_/);
  });

  it('a refusal fails it and releases the hold', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 1_000, cashoutPrice: 25 });
    sandbox.faults.inject('cashout.submit', { kind: 'refused', code: 'DESTINATION_OWNER_MISMATCH', message: 'owner differs' });
    const res = await createCashout(t, org.apiKey, { request_id: 'rf-1', bank_account_id: accountId, amount: 300 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'FAILED', error_code: 'DESTINATION_OWNER_MISMATCH' });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 1_000, held: 0 });
  });
});
