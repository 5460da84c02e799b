import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bankAccounts, idempotencyKeys, jobs, providerOperations } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { accountOpeningHandlers } from '../../src/modules/banking/account-opening-operation.js';
import { ACCOUNT_OPEN_JOB, accountOpeningJobs, bankAccountIdFor } from '../../src/modules/banking/account-opening.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTx, payingMerchant } from '../helpers/transactions.js';

/**
 * Issue 24 item 1: a bank account's opening is a provider operation. Whichever opener it is (the API, the
 * affiliation's activation, a first payment), a crash or an unknown outcome after the provider opened the
 * account leaves a PENDING operation with its recovery job, which records the account once, under the same key;
 * only a refusal fails it.
 */
let t: TestApp;
let sandbox: SandboxProvider;
/** Real time as the recovery job sees it: past the grace a live call may still hold. */
const skew = { ms: 0 };
let recover: (id: string) => Promise<unknown>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  const run = recoverProviderOperations(
    { db: t.db.db, now: () => new Date(Date.now() + skew.ms), enqueue: enqueueJob },
    accountOpeningHandlers({ db: t.db.db, clock: t.deps.clock, providers: t.deps.providers }),
  );
  recover = (id) => run({ payload: { operationId: id } });
});
afterAll(async () => t?.close());
afterEach(async () => {
  skew.ms = 0;
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

const openAccount = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key, payload });
const operationsOf = (accountId: string) =>
  t.db.db
    .select()
    .from(providerOperations)
    .where(and(eq(providerOperations.resourceType, 'bank-account'), eq(providerOperations.resourceId, accountId)));
const accountsOf = (companyId: string) =>
  t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId));
const recoveryJobOf = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${id}`))
  )[0];

/** Makes the step that records an account of `companyId` fail, as a process dying right after the provider answered. */
async function failingRecord<T>(companyId: string, body: () => Promise<T>): Promise<T> {
  const name = `fail_open_${randomBytes(4).toString('hex')}`;
  await t.db.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
      if new.company_id = '${companyId}' then raise exception 'simulated crash while recording'; end if;
      return new; end $$`),
  );
  await t.db.db.execute(
    sql.raw(`create trigger ${name} before insert on bank_accounts for each row execute function ${name}()`),
  );
  try {
    return await body();
  } finally {
    await t.db.db.execute(sql.raw(`drop trigger ${name} on bank_accounts`));
    await t.db.db.execute(sql.raw(`drop function ${name}()`));
  }
}

describe('bank-account opening on the provider-operation primitive', () => {
  it('an unknown outcome: 502, the operation PENDING with its recovery job; the recovery reads the account the provider opened and records it once', async () => {
    const org = await t.createOrganization();
    sandbox.faults.inject('bank-account.open', { kind: 'unknown_outcome' });
    const lost = await openAccount(org.apiKey, { provider: 'PROVIDER_A' });
    expect(lost.statusCode).toBe(502);
    expect(await accountsOf(org.id)).toHaveLength(0);
    const [op] = await t.db.db.select().from(providerOperations).where(eq(providerOperations.companyId, org.id));
    expect(op).toMatchObject({ kind: 'bank-account.open', status: 'PENDING', attempts: 1, resourceId: op!.id });
    expect(await recoveryJobOf(op!.id)).toMatchObject({ kind: RECOVER_OPERATION_JOB, status: 'PENDING' });
    await recover(op!.id);
    // Read under the key (bank-account.sync), not opened a second time.
    expect(sandbox.faults.calls('bank-account.open', op!.id)).toBe(1);
    const [account] = await accountsOf(org.id);
    expect(account).toMatchObject({ id: op!.id, provider: 'PROVIDER_A', status: 'ACTIVE' });
    const atProvider = await t.deps.providers.require('PROVIDER_A', 'bank-account.sync')({ idempotencyKey: op!.id });
    expect(atProvider).toMatchObject({ found: true, accountNumber: account!.accountNumber });
    expect((await operationsOf(op!.id))[0]).toMatchObject({ status: 'SUCCEEDED' });
    await recover(op!.id);
    expect(await accountsOf(org.id)).toHaveLength(1);
  });

  it('the provider opened it but the record step failed: the recovery records the account and completes the request_id', async () => {
    const org = await t.createOrganization();
    const body = { provider: 'PROVIDER_A', request_id: 'open-record-fails' };
    const res = await failingRecord(org.id, () => openAccount(org.apiKey, body));
    expect(res.statusCode).toBe(502);
    expect(await accountsOf(org.id)).toHaveLength(0);
    const [claim] = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, org.id), eq(idempotencyKeys.requestId, body.request_id)));
    const id = claim!.resourceId;
    expect(await operationsOf(id)).toMatchObject([{ id, status: 'PENDING', attempts: 0 }]);
    expect(sandbox.faults.calls('bank-account.open', id)).toBe(1);
    // Before the grace a live call may still hold, the recovery waits; after it, it records.
    expect(await recover(id)).toMatchObject({ rescheduleAt: expect.any(Date) });
    skew.ms = 31_000;
    await recover(id);
    expect(sandbox.faults.calls('bank-account.open', id)).toBe(1);
    expect(await accountsOf(org.id)).toMatchObject([{ id, status: 'ACTIVE' }]);
    const [done] = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, org.id), eq(idempotencyKeys.requestId, body.request_id)));
    expect(done).toMatchObject({ phase: 'DONE', resourceId: id });
    const replay = await openAccount(org.apiKey, body);
    expect({ status: replay.statusCode, id: replay.json().id }).toEqual({ status: 200, id });
  });

  it('a refusal fails the operation and opens nothing; the next opening is its own operation under its own key', async () => {
    const org = await t.createOrganization();
    sandbox.faults.inject('bank-account.open', { kind: 'refused', code: 'COMPANY_BLOCKED', message: 'blocked' });
    const companyId = org.id;
    const job = accountOpeningJobs({ db: t.db.db, clock: t.deps.clock, providers: t.deps.providers })[ACCOUNT_OPEN_JOB];
    const handler = typeof job === 'function' ? job : job!.handler;
    const run = () => handler({ payload: { companyId, provider: 'PROVIDER_A' } } as never);
    await run();
    const accountId = bankAccountIdFor(companyId, 'PROVIDER_A');
    expect(await operationsOf(accountId)).toMatchObject([{ id: accountId, status: 'FAILED' }]);
    expect(await accountsOf(companyId)).toHaveLength(0);
    await run();
    const ops = await operationsOf(accountId);
    expect(ops.map((o) => o.status).sort()).toEqual(['FAILED', 'SUCCEEDED']);
    const second = ops.find((o) => o.status === 'SUCCEEDED')!;
    expect(second.id).not.toBe(accountId);
    expect(sandbox.faults.calls('bank-account.open', second.id)).toBe(1);
    expect(await accountsOf(companyId)).toMatchObject([{ id: accountId, status: 'ACTIVE' }]);
  });

  it("the affiliation's opening job with an unknown outcome ends; the operation's recovery opens the account", async () => {
    const org = await t.createOrganization();
    sandbox.faults.inject('bank-account.open', { kind: 'unknown_outcome' });
    const job = accountOpeningJobs({ db: t.db.db, clock: t.deps.clock, providers: t.deps.providers })[ACCOUNT_OPEN_JOB];
    const handler = typeof job === 'function' ? job : job!.handler;
    await handler({ payload: { companyId: org.id, provider: 'PROVIDER_A' } } as never);
    const accountId = bankAccountIdFor(org.id, 'PROVIDER_A');
    expect(await operationsOf(accountId)).toMatchObject([{ status: 'PENDING', attempts: 1 }]);
    expect(await accountsOf(org.id)).toHaveLength(0);
    await recover(accountId);
    expect(await accountsOf(org.id)).toMatchObject([{ id: accountId, status: 'ACTIVE' }]);
    expect(sandbox.faults.calls('bank-account.open', accountId)).toBe(1);
  });

  it('a first payment whose account opening is lost answers 502; the recovery opens the account and the retry pays without opening again', async () => {
    const { merchant } = await payingMerchant(t);
    sandbox.faults.inject('bank-account.open', { kind: 'unknown_outcome' });
    const pay = () => createTx(t, merchant.apiKey, { payment_method: 'PIX', amount: 1_000 });
    const lost = await pay();
    expect(lost.statusCode).toBe(502);
    const accountId = bankAccountIdFor(merchant.id, 'PROVIDER_A');
    expect(await operationsOf(accountId)).toMatchObject([{ status: 'PENDING', attempts: 1 }]);
    await recover(accountId);
    expect(await accountsOf(merchant.id)).toMatchObject([{ id: accountId, status: 'ACTIVE' }]);
    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(201);
    expect(sandbox.faults.calls('bank-account.open', accountId)).toBe(1);
  });
});
