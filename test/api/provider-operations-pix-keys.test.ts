import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { bankAccounts, idempotencyKeys, jobs, pixKeys, providerOperations } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { RECOVER_OPERATION_JOB, recoverProviderOperations } from '../../src/kernel/provider-operation.js';
import { pixKeyOperationHandlers, registerPixKey } from '../../src/modules/pix/pix-key-registration.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Issue 24 item 1: a PIX key's registration is a provider operation. A crash or an unknown outcome after the
 * provider registered the key leaves a PENDING operation with its recovery job, which records the key once
 * under the same key (never a key held in the directory by a resource the platform does not know); only a
 * refusal fails it.
 */
let t: TestApp;
let sandbox: SandboxProvider;
const skew = { ms: 0 };
let recover: (id: string) => Promise<unknown>;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  const operations = { db: t.db.db, now: () => new Date(Date.now() + skew.ms), enqueue: enqueueJob };
  const run = recoverProviderOperations(
    operations,
    pixKeyOperationHandlers({ clock: t.deps.clock, providers: t.deps.providers, operations }),
  );
  recover = (id) => run({ payload: { operationId: id } });
});
afterAll(async () => t?.close());
afterEach(() => {
  skew.ms = 0;
  sandbox.faults.clear();
});

async function merchantWithAccount() {
  const org = await t.createOrganization();
  const m = await t.createMerchant(org.apiKey);
  const res = await t.request({
    method: 'POST',
    url: '/core/v1/banking/bank-accounts',
    key: org.apiKey,
    payload: { provider: 'PROVIDER_A', company_id: m.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { m, account: res.json<{ id: string }>() };
}
const register = (key: string, merchantId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/core/v1/merchants/${merchantId}/pix-keys`, key, payload });
const keysOf = (companyId: string) => t.db.db.select().from(pixKeys).where(eq(pixKeys.companyId, companyId));
const operationsOf = (companyId: string) =>
  t.db.db
    .select()
    .from(providerOperations)
    .where(and(eq(providerOperations.companyId, companyId), eq(providerOperations.resourceType, 'pix-key')));
const recoveryJobOf = async (id: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${RECOVER_OPERATION_JOB}:${id}`))
  )[0];

describe('PIX key registration on the provider-operation primitive', () => {
  it('an unknown outcome: 502, the registration PENDING with its recovery job; the recovery records the key the provider holds, once', async () => {
    const { m, account } = await merchantWithAccount();
    const email = `lost-${randomUUID()}@example.com`;
    sandbox.faults.inject('pix-key.register', { kind: 'unknown_outcome' });
    const lost = await register(m.apiKey, m.id, { key_type: 'EMAIL', key: email, bank_account_id: account.id });
    expect(lost.statusCode).toBe(502);
    expect(await keysOf(m.id)).toHaveLength(0);
    const [op] = await operationsOf(m.id);
    expect(op).toMatchObject({ kind: 'pix-key.register', status: 'PENDING', attempts: 1, resourceType: 'pix-key' });
    expect(await recoveryJobOf(op!.id)).toMatchObject({ status: 'PENDING' });
    await recover(op!.id);
    expect(sandbox.faults.calls('pix-key.register', op!.id)).toBe(1);
    expect(await keysOf(m.id)).toMatchObject([{ id: op!.id, key: email, status: 'ACTIVE' }]);
    // Before, this key stayed held in the directory by an id nobody knew: registering it again answered 409 forever.
    const again = await register(m.apiKey, m.id, { key_type: 'EMAIL', key: email, bank_account_id: account.id });
    expect(again.statusCode).toBe(409);
    expect((await keysOf(m.id)).map((k) => k.id)).toEqual([op!.id]);
  });

  it('the provider registered it but the record step failed: the recovery records it and completes the request_id', async () => {
    const { m, account } = await merchantWithAccount();
    const payload = { key_type: 'EVP', bank_account_id: account.id, request_id: `evp-${randomUUID()}` };
    const name = `fail_key_${randomBytes(4).toString('hex')}`;
    await t.db.db.execute(
      sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin
        if new.company_id = '${m.id}' then raise exception 'simulated crash while recording'; end if;
        return new; end $$`),
    );
    await t.db.db.execute(
      sql.raw(`create trigger ${name} before insert on pix_keys for each row execute function ${name}()`),
    );
    let res;
    try {
      res = await register(m.apiKey, m.id, payload);
    } finally {
      await t.db.db.execute(sql.raw(`drop trigger ${name} on pix_keys`));
      await t.db.db.execute(sql.raw(`drop function ${name}()`));
    }
    expect(res.statusCode).toBe(502);
    const [op] = await operationsOf(m.id);
    expect(op).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await recover(op!.id)).toMatchObject({ rescheduleAt: expect.any(Date) });
    skew.ms = 31_000;
    await recover(op!.id);
    expect(sandbox.faults.calls('pix-key.register', op!.id)).toBe(1);
    const [key] = await keysOf(m.id);
    expect(key).toMatchObject({ id: op!.id, keyType: 'EVP', status: 'ACTIVE' });
    const [claim] = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, m.id), eq(idempotencyKeys.requestId, payload.request_id)));
    expect(claim).toMatchObject({ phase: 'DONE', resourceId: op!.id });
    const replay = await register(m.apiKey, m.id, payload);
    expect({ status: replay.statusCode, id: replay.json().id, key: replay.json().key }).toEqual({
      status: 200,
      id: op!.id,
      key: key!.key,
    });
  });

  it('a refusal fails the registration: nothing recorded, nothing left to recover', async () => {
    const { m, account } = await merchantWithAccount();
    sandbox.faults.inject('pix-key.register', { kind: 'refused', code: 'DICT_REJECTED', message: 'no' });
    const res = await register(m.apiKey, m.id, { key_type: 'EVP', bank_account_id: account.id });
    expect(res.statusCode).toBe(502);
    const [op] = await operationsOf(m.id);
    expect(op).toMatchObject({ status: 'FAILED' });
    await recover(op!.id);
    expect(await keysOf(m.id)).toHaveLength(0);
  });

  it('a registration the recording cannot keep (the limit reached meanwhile) is removed at the provider by its own operation', async () => {
    const { m, account } = await merchantWithAccount();
    const [row] = await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.id, account.id));
    const email = `over-${randomUUID()}@example.com`;
    const operations = { db: t.db.db, now: () => t.deps.clock.now(), enqueue: enqueueJob };
    const keyId = randomUUID();
    const result = await registerPixKey(
      { clock: t.deps.clock, providers: t.deps.providers, operations },
      keyId,
      { organizationId: row!.organizationId, provider: 'PROVIDER_A' },
      {
        keyType: 'EMAIL',
        key: email,
        account: { branch: row!.branch!, accountNumber: row!.accountNumber! },
        owner: { name: 'x', document: '11144477735' },
        companyId: m.id,
        bankAccountId: account.id,
        limit: 0,
        claim: null,
      },
    );
    expect(result).toEqual({ status: 'NOT_KEPT', why: 'LIMIT', key: email });
    expect(await keysOf(m.id)).toHaveLength(0);
    const ops = await operationsOf(m.id);
    expect(ops.map((o) => [o.kind, o.status]).sort()).toEqual([
      ['pix-key.register', 'SUCCEEDED'],
      ['pix-key.unregister', 'SUCCEEDED'],
    ]);
    expect(sandbox.faults.calls('pix-key.delete', keyId)).toBe(1);
    expect(await t.deps.providers.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: keyId })).not.toMatchObject({
      status: 'ACTIVE',
    });
  });
});
