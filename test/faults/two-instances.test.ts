import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { merchantBody } from '../helpers/fixtures.js';
import {
  Api,
  createOrganization,
  deposit,
  expectBooksBalance,
  expectEnvelope,
  openAccount,
  type Reply,
} from './support/api.js';
import { databaseUrl, PLATFORM_KEY, removeTempDirs, startServer, type ServerProcess } from './support/server.js';

const DUPLICATES = 16;

/** Fires `n` calls at once, alternating between the two instances. */
const spread = (apis: Api[], n: number, call: (api: Api, i: number) => Promise<Reply>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(apis[i % apis.length]!, i)));

/** Exactly one call created the resource (201), every other one got the same resource back (200). */
function expectOneCreated(replies: Reply[]): string {
  expect(replies.map((r) => r.status).sort()).toEqual([...Array(replies.length - 1).fill(200), 201].sort());
  const ids = new Set(replies.map((r) => r.body.id));
  expect(ids.size).toBe(1);
  return [...ids][0];
}

describe.skipIf(!databaseUrl)('two server instances on one database and one Redis', () => {
  let db: pg.Pool;
  const servers: ServerProcess[] = [];
  const apis: Api[] = [];
  beforeAll(async () => {
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    const env = { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
    servers.push(
      ...(await Promise.all([
        startServer({ databaseUrl: databaseUrl!, env }),
        startServer({ databaseUrl: databaseUrl!, env }),
      ])),
    );
    apis.push(...servers.map((s) => new Api(s.baseUrl)));
  });
  // A failure shows what the servers said (their last lines), which is what explains a fault.
  beforeEach(() =>
    onTestFailed(() => console.error(servers.map((s) => `server :${s.port}:\n${s.output().slice(-4000)}`).join('\n'))),
  );
  afterAll(async () => {
    for (const api of apis) await api.close();
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end();
    removeTempDirs();
  });

  /*
   * Proves: idempotency holds across instances. The same request_id sent many times at once, spread over
   * two servers sharing the database, creates exactly one merchant, one bank account and one internal
   * transfer: one call answers 201, all others 200 with the same id, and the amount is held once.
   */
  it('concurrent creates with one request_id spread over both create one resource', async () => {
    const org = await createOrganization(apis[0]!);
    const merchant = { ...merchantBody(), request_id: randomUUID() };
    const merchants = await spread(apis, DUPLICATES, (api) =>
      api.call('POST', '/v1/merchants', { key: org.apiKey, body: merchant }),
    );
    const merchantId = expectOneCreated(merchants);
    const listed = await apis[1]!.ok('GET', '/v1/merchants', { key: org.apiKey });
    expect({ total: listed.pagination.total, id: listed.data[0].id }).toEqual({ total: 1, id: merchantId });

    const account = { provider: 'PROVIDER_A', request_id: randomUUID() };
    const accounts = await spread(apis, DUPLICATES, (api) =>
      api.call('POST', '/v1/banking/bank-accounts', { key: org.apiKey, body: account }),
    );
    const a = expectOneCreated(accounts);
    expect((await apis[0]!.ok('GET', '/v1/banking/bank-accounts', { key: org.apiKey })).pagination.total).toBe(1);

    const b = await openAccount(apis[1]!, org.apiKey);
    await deposit(apis[0]!, a, 5_000);
    const transfer = {
      request_id: randomUUID(),
      origin_bank_account_id: a,
      destination_bank_account_id: b,
      amount: 1_234,
    };
    const transfers = await spread(apis, DUPLICATES, (api) =>
      api.call('POST', '/v1/banking/internal-transfers', { key: org.apiKey, body: transfer }),
    );
    expectOneCreated(transfers);
    expect((await apis[1]!.ok('GET', '/v1/banking/internal-transfers', { key: org.apiKey })).pagination.total).toBe(1);
    expect((await apis[0]!.ok('GET', `/v1/banking/bank-accounts/${a}`, { key: org.apiKey })).balance).toEqual({
      available: 5_000 - 1_234,
      held: 1_234,
      pending: 0,
      debt: 0,
    });
    await expectBooksBalance(db, [a, b], 5_000);
  });

  /*
   * Proves: balances stay exact when two instances race on one account. 40 transfers of 500 against a
   * balance of 10 000, fired at once over both servers: exactly 20 are accepted, 20 answer 409 (amount), the
   * origin never goes below zero. Then every provider status report is sent twice at once, once to each
   * instance: exactly one of each pair applies (the other is a 409), and after settling half and failing half
   * the money is where it should be, to the cent, with the ledger and the events agreeing.
   */
  it('concurrent transfers from one account over both never overdraw, and racing status reports apply once', async () => {
    const org = await createOrganization(apis[1]!);
    const a = await openAccount(apis[0]!, org.apiKey);
    const b = await openAccount(apis[1]!, org.apiKey);
    await deposit(apis[0]!, a, 10_000);

    const replies = await spread(apis, 40, (api) =>
      api.call('POST', '/v1/banking/internal-transfers', {
        key: org.apiKey,
        body: { request_id: randomUUID(), origin_bank_account_id: a, destination_bank_account_id: b, amount: 500 },
      }),
    );
    const accepted = replies.filter((r) => r.status === 201);
    const refused = replies.filter((r) => r.status !== 201);
    expect(accepted.length).toBe(20);
    for (const r of refused) {
      expectEnvelope(r, 409);
      expect(r.body.error.details).toMatchObject({ field: 'amount' });
    }
    expect((await apis[1]!.ok('GET', `/v1/banking/bank-accounts/${a}`, { key: org.apiKey })).balance).toEqual({
      available: 0,
      held: 10_000,
      pending: 0,
      debt: 0,
    });

    const report = (api: Api, id: string, status: string) =>
      api.call('POST', `/v1/platform/sandbox/internal-transfers/${id}/status`, { key: PLATFORM_KEY, body: { status } });
    const race = async (id: string, status: string) => {
      const pair = await Promise.all(apis.map((api) => report(api, id, status)));
      expect(pair.map((r) => r.status).sort()).toEqual([200, 409]);
    };
    const ids: string[] = accepted.map((r) => r.body.id);
    await Promise.all(ids.map((id) => race(id, 'PROCESSING')));
    await Promise.all(ids.map((id, i) => race(id, i % 2 === 0 ? 'COMPLETED' : 'FAILED')));

    const [origin, destination] = await Promise.all(
      [a, b].map((id, i) => apis[i]!.ok('GET', `/v1/banking/bank-accounts/${id}`, { key: org.apiKey })),
    );
    expect(origin.balance).toEqual({ available: 5_000, held: 0, pending: 0, debt: 0 });
    expect(destination.balance).toEqual({ available: 5_000, held: 0, pending: 0, debt: 0 });
    await expectBooksBalance(db, [a, b], 10_000);
    const { rows } = await db.query(
      `
      select t.id, (select count(*) from events e where e.type = 'internal-transfer.status-changed' and e.payload->>'internal_transfer_id' = t.id::text)::int as moves
      from internal_transfers t where t.organization_id = $1`,
      [org.id],
    );
    expect(rows.length).toBe(20);
    expect(rows.every((r) => r.moves === 2)).toBe(true);
  });
});
