import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankAccounts, idempotencyKeys, pixKeys } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * Regression tests of issue 10's idempotency bug: a request_id is "in progress" around the provider call.
 * Concurrent creates with one request_id make exactly one provider call and one resource; duplicates answer
 * 409 REQUEST_IN_PROGRESS or the 200 replay; a PIX key is never deleted at the provider while it is live;
 * a claim a crash or a lost answer left behind is resumed under the same provider idempotency key.
 */
let t: TestApp;
let sandbox: SandboxProvider;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => t?.close());

const openAccount = (key: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/core/v1/banking/bank-accounts', key, payload });
const inProgressOrReplay = (res: { statusCode: number; json(): any }, id: string) => {
  if (res.statusCode === 409)
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT_ERROR',
      details: { field: 'request_id', reason: 'REQUEST_IN_PROGRESS' },
    });
  else expect({ status: res.statusCode, id: res.json().id }).toEqual({ status: 200, id });
};

describe('bank account opening around the provider call', () => {
  it('concurrent opens with one request_id: one provider call, one account, duplicates 409 in progress or 200', async () => {
    const org = await t.createOrganization();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'race-1' })),
    );
    const created = replies.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const id = created[0]!.json().id;
    for (const r of replies.filter((x) => x !== created[0])) inProgressOrReplay(r, id);
    // Counted under the account's key: the worker's database is shared by the files a worker runs, so this app's
    // job runner may open another file's leftover accounts at the same sandbox meanwhile.
    expect(sandbox.faults.calls('bank-account.open', id)).toBe(1);
    expect(await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, org.id))).toHaveLength(1);
    const again = await openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'race-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(created[0]!.json());
  });

  it('a lost provider answer (502) is resumed by the retry under the same key: one account', async () => {
    const org = await t.createOrganization();
    sandbox.faults.inject('bank-account.open', { kind: 'unknown_outcome' });
    const lost = await openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'lost-1' });
    expect(lost.statusCode).toBe(502);
    expect(lost.json().error.code).toBe('INTEGRATION_ERROR');
    const retry = await openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'lost-1' });
    expect(retry.statusCode).toBe(201);
    const [claim] = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.companyId, org.id), eq(idempotencyKeys.requestId, 'lost-1')));
    expect(claim).toMatchObject({ phase: 'DONE', resourceId: retry.json().id });
    // Both calls went to the provider under the account's id: the same account, not two.
    expect(sandbox.faults.calls('bank-account.open', retry.json().id)).toBe(2);
    expect(await t.db.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, org.id))).toHaveLength(1);
  });

  it('a claim still in progress answers 409 REQUEST_IN_PROGRESS; once its lease lapses (a crash) the retry completes it', async () => {
    const org = await t.createOrganization();
    const body = { provider: 'PROVIDER_A', request_id: 'crash-1' };
    const accountId = randomUUID();
    // What a crash between the provider call and the record leaves: a STARTED claim, an account at the provider.
    const atProvider = await t.deps.providers.require(
      'PROVIDER_A',
      'bank-account.open',
    )({ idempotencyKey: accountId, companyId: org.id, owner: { name: 'x', document: '11144477735' } });
    const { fingerprint } = await import('../../src/kernel/idempotency.js');
    await t.db.db.insert(idempotencyKeys).values({
      companyId: org.id,
      scope: 'bank-account',
      requestId: 'crash-1',
      fingerprint: fingerprint(body),
      resourceId: accountId,
      phase: 'STARTED',
      lockedUntil: new Date(Date.now() + 60_000),
    });
    const busy = await openAccount(org.apiKey, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.details).toEqual({ field: 'request_id', value: 'crash-1', reason: 'REQUEST_IN_PROGRESS' });
    await t.db.db
      .update(idempotencyKeys)
      .set({ lockedUntil: new Date(Date.now() - 1) })
      .where(and(eq(idempotencyKeys.companyId, org.id), eq(idempotencyKeys.requestId, 'crash-1')));
    const resumed = await openAccount(org.apiKey, body);
    expect(resumed.statusCode).toBe(201);
    expect(resumed.json()).toMatchObject({ id: accountId, account_number: atProvider.accountNumber });
    const different = await openAccount(org.apiKey, { provider: 'PROVIDER_B', request_id: 'crash-1' });
    expect(different.statusCode).toBe(409);
    expect(different.json().error.details).toEqual({ field: 'request_id', value: 'crash-1' });
  });

  it('a refusal forgets the claim: the same request_id may be retried afresh', async () => {
    const org = await t.createOrganization();
    sandbox.faults.inject('bank-account.open', { kind: 'refused', code: 'COMPANY_BLOCKED', message: 'blocked' });
    const refused = await openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'ref-1' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.details).toEqual({ reason: 'COMPANY_BLOCKED' });
    expect((await openAccount(org.apiKey, { provider: 'PROVIDER_A', request_id: 'ref-1' })).statusCode).toBe(201);
  });
});

describe('PIX key creation around the provider call', () => {
  async function merchantWithAccount() {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const account = (await openAccount(org.apiKey, { provider: 'PROVIDER_A', company_id: m.id })).json();
    return { m, account };
  }
  const register = (key: string, merchantId: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/core/v1/merchants/${merchantId}/pix-keys`, key, payload });

  it('concurrent creates with one request_id: one registration, one key, no provider-side delete of the live key', async () => {
    const { m, account } = await merchantWithAccount();
    const email = `race-${randomUUID()}@example.com`;
    const payload = { key_type: 'EMAIL', key: email, bank_account_id: account.id, request_id: 'pix-race' };
    const replies = await Promise.all(Array.from({ length: 5 }, () => register(m.apiKey, m.id, payload)));
    const created = replies.filter((r) => r.statusCode === 201);
    expect(created, replies.map((r) => r.body).join('\n')).toHaveLength(1);
    const id = created[0]!.json().id;
    for (const r of replies.filter((x) => x !== created[0])) inProgressOrReplay(r, id);
    // Counted under the key's id (the claim's resource id): the worker's shared database can hand this app's job
    // runner another file's leftover PIX-key work, so a global count is not this test's.
    expect(sandbox.faults.calls('pix-key.register', id)).toBe(1);
    expect(sandbox.faults.calls('pix-key.delete', id)).toBe(0);
    const rows = await t.db.db.select().from(pixKeys).where(eq(pixKeys.key, email));
    expect(rows.map((r) => r.status)).toEqual(['ACTIVE']);
    expect(await t.deps.providers.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: id })).toMatchObject({
      found: true,
      status: 'ACTIVE',
      key: email,
    });
    const replay = await register(m.apiKey, m.id, payload);
    expect({ status: replay.statusCode, body: replay.json() }).toEqual({ status: 200, body: created[0]!.json() });
  });

  it('concurrent creates of one key under different request_ids: one 201, the others 409 on key, the winner stays registered', async () => {
    const { m, account } = await merchantWithAccount();
    const email = `twice-${randomUUID()}@example.com`;
    const replies = await Promise.all(
      ['a', 'b', 'c'].map((r) =>
        register(m.apiKey, m.id, { key_type: 'EMAIL', key: email, bank_account_id: account.id, request_id: `k-${r}` }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of replies.filter((x) => x.statusCode === 409))
      expect(r.json().error.details).toMatchObject({ field: 'key', value: email });
    const winner = replies.find((r) => r.statusCode === 201)!.json();
    expect(sandbox.faults.calls('pix-key.delete', winner.id)).toBe(0);
    expect(await t.deps.providers.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: winner.id })).toMatchObject({
      found: true,
      status: 'ACTIVE',
    });
  });

  it('an EVP key lost to a timeout is the same key when the retry resumes it', async () => {
    const { m, account } = await merchantWithAccount();
    sandbox.faults.inject('pix-key.register', { kind: 'unknown_outcome' });
    const payload = { key_type: 'EVP', bank_account_id: account.id, request_id: 'evp-lost' };
    expect((await register(m.apiKey, m.id, payload)).statusCode).toBe(502);
    const retry = await register(m.apiKey, m.id, payload);
    expect(retry.statusCode).toBe(201);
    expect(
      await t.deps.providers.require('PROVIDER_A', 'pix-key.sync')({ idempotencyKey: retry.json().id }),
    ).toMatchObject({ found: true, key: retry.json().key });
  });
});
