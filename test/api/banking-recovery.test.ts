import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { eq, sql } from 'drizzle-orm';
import { internalTransfers, providerOperations } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { TRANSFER_AUTOPILOT_JOB } from '../../src/modules/banking/banking.jobs.js';
import { transferOperationHandlers } from '../../src/modules/banking/transfer-submission.js';
import type { TransferDeps } from '../../src/modules/banking/transfers.service.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/poll.js';

/**
 * What this proves: transfers a crashed process left behind are moved on. One whose answer was never recorded
 * is finished by its provider operation's recovery job (once: the provider keys on our id); one the sandbox autopilot was moving when its
 * process died (a job whose lease expired) reaches COMPLETED, with the money where it belongs.
 */
let t: TestApp;
let deps: TransferDeps;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  deps = {
    db: t.db.db,
    clock: t.deps.clock,
    providers: t.deps.providers,
    operations: { db: t.db.db, now: () => t.deps.clock.now(), enqueue: enqueueJob },
  };
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

async function transferOf() {
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
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/internal-transfers',
    key: org.apiKey,
    payload: { request_id: 'r1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 300 },
  });
  expect(res.statusCode).toBe(201);
  return { org, a, b, id: res.json().id as string };
}

/** Makes a transfer look as a crash leaves it: older than the recovery threshold. */
const age = (id: string, changes: Record<string, unknown> = {}) =>
  t.db.db
    .update(internalTransfers)
    .set({ ...changes, createdAt: sql`now() - interval '5 minutes'`, updatedAt: sql`now() - interval '5 minutes'` })
    .where(eq(internalTransfers.id, id));

const row = async (id: string) =>
  (await t.db.db.select().from(internalTransfers).where(eq(internalTransfers.id, id)))[0];

describe('stranded transfer recovery', () => {
  it("a transfer whose request died around its call is finished by its operation's recovery job, once", async () => {
    const { id } = await transferOf();
    const sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
    const submitted = (await row(id))!.providerTransferId;
    const calls = sandbox.faults.calls('internal-transfer.submit', id);
    // As a crash leaves it: the provider has it, the platform recorded nothing, the claim is older than the grace.
    await age(id, { providerTransferId: null, externalRequestId: null });
    await t.db.db
      .update(providerOperations)
      .set({
        status: 'PENDING',
        attempts: 0,
        outcome: null,
        finishedAt: null,
        createdAt: sql`now() - interval '5 minutes'`,
      } as never)
      .where(eq(providerOperations.id, id));
    const recover = recoverProviderOperations(deps.operations, transferOperationHandlers(deps));
    await recover({ payload: { operationId: id } });
    const after = await row(id);
    expect(after!.status).toBe('PENDING');
    expect(after!.providerTransferId).toBe(submitted);
    expect(sandbox.faults.calls('internal-transfer.submit', id)).toBe(calls);
    // A young claim is left to its own request (its call may still be running).
    const fresh = await transferOf();
    await t.db.db
      .update(providerOperations)
      .set({ status: 'PENDING', attempts: 0 })
      .where(eq(providerOperations.id, fresh.id));
    expect(await recover({ payload: { operationId: fresh.id } })).toMatchObject({ rescheduleAt: expect.any(Date) });
  });

  it('moves on, to COMPLETED, transfers the sandbox autopilot was moving when its process died', async () => {
    const { org, a, b, id } = await transferOf();
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/internal-transfers/${id}/status`,
      key: t.platformKey,
      payload: { status: 'PROCESSING' },
    });
    await age(id);
    // The autopilot's job as a crashed runner leaves it: claimed, lease expired.
    const now = t.deps.clock.now();
    await enqueueJob(
      t.db.db,
      {
        kind: TRANSFER_AUTOPILOT_JOB,
        runAt: now,
        payload: { transferId: id, delayMs: 5 },
        dedupeKey: `test-${id}`,
        organizationId: org.id,
      },
      now,
    );
    await t.db.db.execute(
      sql`update jobs set locked_until = now() - interval '1 second', lease_token = gen_random_uuid(), attempts = 1 where dedupe_key = ${`test-${id}`}`,
    );
    expect(
      (await eventually(
        () => row(id),
        (r) => r!.status === 'COMPLETED',
        'COMPLETED',
        5_000,
        20,
      ))!.status,
    ).toBe('COMPLETED');
    const balance = async (accountId: string) =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${accountId}`, key: org.apiKey })).json()
        .balance;
    expect(await balance(a.id)).toEqual({ available: 700, held: 0, pending: 0, debt: 0 });
    expect(await balance(b.id)).toEqual({ available: 300, held: 0, pending: 0, debt: 0 });
  });
});
