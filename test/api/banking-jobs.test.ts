import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { internalTransfers, jobs, type JobRow } from '../../src/db/schema/index.js';
import { bankingJobs } from '../../src/modules/banking/banking.jobs.js';
import type { JobHandler, JobRegistrations } from '../../src/jobs/registry.js';

const run = (registrations: JobRegistrations, kind: string): JobHandler => {
  const entry = registrations[kind];
  return typeof entry === 'function' ? entry : entry.handler;
};
import { TRANSFER_SUBMIT_JOB, TRANSFER_SYNC_JOB } from '../../src/modules/banking/transfer-submission.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Regression tests of issue 10's first money bug: a lost provider answer is not a refusal. A timeout leaves
 * the transfer PENDING with its hold and a scheduled status sync; `unavailable` is retried under the same
 * key; only `refused` fails it and releases the hold. The handlers run here directly (as the job runner
 * will); a transfer never submitted (a crash after commit) is submitted by the job scheduled at creation.
 */
let t: TestApp;
let sandbox: SandboxProvider;
let handlers: ReturnType<typeof bankingJobs>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  handlers = bankingJobs({ db: t.db.db, providers: t.deps.providers, clock: t.deps.clock });
});
afterAll(async () => t?.close());

async function funded() {
  const org = await t.createOrganization();
  const open = async () => (await t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key: org.apiKey, payload: { provider: 'PROVIDER_A' } })).json();
  const [a, b] = [await open(), await open()];
  await t.request({ method: 'POST', url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`, key: t.platformKey, payload: { amount: 1_000 } });
  return { org, a, b };
}
const transfer = (key: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/core/v1/banking/internal-transfers', key, payload });
const balance = async (key: string, id: string) => (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key })).json().balance;
const row = async (id: string) => (await t.db.db.select().from(internalTransfers).where(eq(internalTransfers.id, id)))[0];
const jobOf = async (kind: string, transferId: string): Promise<JobRow | undefined> =>
  (await t.db.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.dedupeKey, `${kind}:${transferId}`))))[0];

describe('internal transfers: only a refusal fails them', () => {
  it('a timeout after the provider applied it: PENDING, hold kept, a sync scheduled; the sync records what the provider has', async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unknown_outcome' });
    const res = await transfer(org.apiKey, { request_id: 'timeout-1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 400 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', provider_transfer_id: null });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 600, held: 400, pending: 0, debt: 0 });
    const sync = await jobOf(TRANSFER_SYNC_JOB, res.json().id);
    expect(sync).toMatchObject({ status: 'PENDING', payload: { transferId: res.json().id } });
    const calls = sandbox.faults.calls('internal-transfer.submit', res.json().id);
    expect(await run(handlers, TRANSFER_SYNC_JOB)(sync!)).toBeUndefined();
    // The provider had it: the sync recorded its ids without submitting again.
    expect(sandbox.faults.calls('internal-transfer.submit', res.json().id)).toBe(calls);
    const after = await row(res.json().id);
    expect(after).toMatchObject({ status: 'PENDING' });
    expect(after.providerTransferId).toMatch(/^provider_a_tr_/);
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 600, held: 400, pending: 0, debt: 0 });
    // The recovery job finds nothing left to do.
    await run(handlers, TRANSFER_SUBMIT_JOB)((await jobOf(TRANSFER_SUBMIT_JOB, res.json().id))!);
    expect(sandbox.faults.calls('internal-transfer.submit', res.json().id)).toBe(calls);
  });

  it('unavailable: nothing was submitted; the sync resubmits under the same key, backing off while the provider is down', async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unavailable', times: 2 });
    const res = await transfer(org.apiKey, { request_id: 'down-1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 250 });
    expect(res.json()).toMatchObject({ status: 'PENDING', provider_transfer_id: null });
    const sync = (await jobOf(TRANSFER_SYNC_JOB, res.json().id))!;
    const again = await run(handlers, TRANSFER_SYNC_JOB)(sync);
    expect(again && again.rescheduleAt.getTime()).toBeGreaterThan(Date.now());
    expect((await row(res.json().id)).providerTransferId).toBeNull();
    expect(await run(handlers, TRANSFER_SYNC_JOB)(sync)).toBeUndefined();
    expect((await row(res.json().id)).providerTransferId).toMatch(/^provider_a_tr_/);
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 750, held: 250, pending: 0, debt: 0 });
  });

  it('a refusal during a resubmission fails the transfer and releases the hold', async () => {
    const { org, a, b } = await funded();
    sandbox.faults.inject('internal-transfer.submit', { kind: 'unavailable' });
    const res = await transfer(org.apiKey, { request_id: 'later-refused', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 300 });
    sandbox.faults.inject('internal-transfer.submit', { kind: 'refused', code: 'ACCOUNT_BLOCKED', message: 'origin blocked' });
    await run(handlers, TRANSFER_SYNC_JOB)((await jobOf(TRANSFER_SYNC_JOB, res.json().id))!);
    expect(await row(res.json().id)).toMatchObject({ status: 'FAILED', errorMessage: expect.stringContaining('origin blocked') });
    expect(await balance(org.apiKey, a.id)).toEqual({ available: 1_000, held: 0, pending: 0, debt: 0 });
  });

  it('a transfer committed but never submitted (a crash) is submitted by the job scheduled with it, once', async () => {
    const { org, a, b } = await funded();
    const res = await transfer(org.apiKey, { request_id: 'stranded', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 100 });
    const submitted = (await row(res.json().id)).providerTransferId;
    const job = (await jobOf(TRANSFER_SUBMIT_JOB, res.json().id))!;
    expect(job.runAt.getTime() - job.createdAt.getTime()).toBe(30_000);
    await t.db.db.update(internalTransfers).set({ providerTransferId: null, externalRequestId: null }).where(eq(internalTransfers.id, res.json().id));
    await run(handlers, TRANSFER_SUBMIT_JOB)(job);
    expect((await row(res.json().id)).providerTransferId).toBe(submitted);
    // Terminal transfers are left alone.
    await t.request({ method: 'POST', url: `/core/v1/platform/sandbox/internal-transfers/${res.json().id}/status`, key: t.platformKey, payload: { status: 'FAILED' } });
    const calls = sandbox.faults.calls('internal-transfer.submit');
    await run(handlers, TRANSFER_SUBMIT_JOB)(job);
    await run(handlers, TRANSFER_SYNC_JOB)({ ...job, kind: TRANSFER_SYNC_JOB });
    expect(sandbox.faults.calls('internal-transfer.submit')).toBe(calls);
  });

  it('backs off: each reschedule waits about as long as the job has waited, from 2 s to 5 min', async () => {
    const { backoff } = await import('../../src/modules/banking/banking.jobs.js');
    const now = new Date('2030-01-01T00:00:00Z');
    const at = (agoMs: number) => backoff({ createdAt: new Date(now.getTime() - agoMs) }, now).getTime() - now.getTime();
    expect([at(0), at(10_000), at(3_600_000)]).toEqual([2_000, 10_000, 300_000]);
  });
});
