import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/client.js';
import { encryptEv, type EvPublicKey } from '../../src/crypto/ev.js';
import { merchantBody } from '../helpers/fixtures.js';
import { adminQuery } from '../helpers/pg-admin.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { Api, createOrganization } from './support/api.js';
import {
  databaseUrl,
  freePort,
  removeTempDirs,
  SHORT_RECOVERY_ENV,
  startServer,
  tempDir,
  until,
  type ServerProcess,
} from './support/server.js';

/**
 * Issue 24: kill -9 of the server right after the provider applied a capture, a cancel (void) and a refund,
 * before the platform recorded it (the sandbox's `crash` fault: the call is applied, then the process dies).
 * After a restart, each is finished by its recovery job (the provider operation's, or the refund's) under the
 * same key: the capture is APPROVED and credited once, the cancel CANCELED, the refund settled once; the
 * merchant's balance is exact to the cent and the ledger's invariants hold.
 */
describe.skipIf(!databaseUrl)('kill -9 after the provider applied a capture, a cancel and a refund', () => {
  let pool: pg.Pool;
  let handle: DbHandle;
  const servers: ServerProcess[] = [];
  const dbName = `faults_operations_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl ? Object.assign(new URL(databaseUrl), { pathname: `/${dbName}` }).toString() : '';
  beforeAll(async () => {
    await adminQuery(databaseUrl, `create database ${dbName}`);
    pool = new pg.Pool({ connectionString: url, max: 2 });
    handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
  });
  beforeEach(() =>
    onTestFailed(() => console.error(servers.map((s) => `server :${s.port}:\n${s.output().slice(-4000)}`).join('\n'))),
  );
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await handle?.close();
    await pool?.end();
    // with (force): through PgBouncer its pooled server connections to this database are still open.
    await adminQuery(databaseUrl, `drop database if exists ${dbName} with (force)`);
    removeTempDirs();
  });

  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;

  it('each is recovered after the restart, once, and the money is exact', async () => {
    const port = await freePort();
    const dataDir = tempDir('faults-operations-');
    // SANDBOX_AUTOPILOT settles refunds about 2 s after creation (payments.md P9).
    const start = async (faults?: string) => {
      const server = await startServer({
        databaseUrl: url,
        port,
        dataDir,
        env: {
          SANDBOX_AUTOPILOT: 'true',
          ...SHORT_RECOVERY_ENV,
          // A server started to crash runs no job runner: with the short waits the earlier crashes' recovery jobs
          // fall due while it lives, and a job it claimed when it died would stay locked for the runner's lease
          // (60 s). The recovery is the last server's, as with the 30 s waits.
          ...(faults ? { SANDBOX_PROVIDER_FAULTS: faults, RUN_WORKER: 'false' } : {}),
        },
      });
      servers.push(server);
      return { server, api: new Api(server.baseUrl) };
    };

    let { server, api } = await start();
    const org = await createOrganization(api);
    const merchant = await api.ok('POST', '/v1/merchants', { key: org.apiKey, body: merchantBody() }, [201]);
    // Able to take payments without the whole onboarding (as test/helpers/transactions.ts makePaying).
    await q(`update companies set status = 'ACTIVE' where id = $1`, [merchant.id]);
    await q(
      `insert into affiliations (id, company_id, organization_id, provider, status, created_at, updated_at) values ($1, $2, $3, 'PROVIDER_A', 'ACTIVE', now(), now())`,
      [randomUUID(), merchant.id, org.id],
    );
    const keys = await api.ok('GET', '/v1/encryption-keys', {});
    const key = keys.keys.find((k: { kid: string }) => k.kid === keys.current_kid) as EvPublicKey;
    const pay = async (capture: boolean) => {
      const body = {
        payment_method: 'CREDIT_CARD',
        amount: 10_000,
        capture,
        card_data: {
          number: encryptEv('4111111111111111', 'pan', key),
          cvv: encryptEv('123', 'cvv', key),
          expiry_month: '12',
          expiry_year: String(new Date().getUTCFullYear() + 3),
          holder_name: 'MARIA SILVA',
          bin: '411111',
          last_digits: '1111',
        },
      };
      const tr = await api.ok('POST', '/v1/transactions', { key: merchant.api_key, body }, [201]);
      expect(tr.status).toBe(capture ? 'APPROVED' : 'AUTHORIZED');
      return tr as { id: string };
    };
    const toCapture = await pay(false);
    const toCancel = await pay(false);
    const toRefund = await pay(true);
    await server.stop();
    await api.close();

    const crashOn = async (fault: string, path: string, body?: object) => {
      ({ server, api } = await start(`${fault}:crash:1`));
      // The provider applies the call, then the process dies before the platform records its answer.
      await expect(api.call('POST', path, { key: merchant.api_key, ...(body ? { body } : {}) })).rejects.toThrow();
      await server.kill9();
      await api.close();
    };
    await crashOn('card.capture', `/v1/transactions/${toCapture.id}/capture`);
    await crashOn('card.void', `/v1/transactions/${toCancel.id}/cancel`);
    await crashOn('card.refund', `/v1/transactions/${toRefund.id}/refunds`, { amount: 4_000 });

    ({ server, api } = await start());
    const view = (id: string) => api.ok('GET', `/v1/transactions/${id}`, { key: merchant.api_key });
    // The recovery jobs run on the server's own runner (their first look comes 10 s after the claim: the first
    // R5.1 step, the in-flight grace being 3 s here; the refund's recovery point at 10 s too).
    await until(async () => (await view(toCapture.id)).status === 'APPROVED', 'the capture recovered', 120_000, 500);
    await until(async () => (await view(toCancel.id)).status === 'CANCELED', 'the cancel recovered', 120_000, 500);
    await until(
      async () =>
        (await q(`select status from refunds where transaction_id = $1`, [toRefund.id]))[0]?.status === 'SUCCEEDED',
      'the refund settled',
      120_000,
      500,
    );

    const captured = await view(toCapture.id);
    expect(captured).toMatchObject({ status: 'APPROVED', captured_amount: 10_000 });
    expect(await view(toCancel.id)).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'REQUESTED',
      captured_amount: 0,
    });
    const refunded = await view(toRefund.id);
    expect(refunded).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: 4_000 });
    const refunds = await q(`select id, amount, status from refunds where transaction_id = $1`, [toRefund.id]);
    expect(refunds.map((r) => ({ amount: Number(r.amount), status: r.status }))).toEqual([
      { amount: 4_000, status: 'SUCCEEDED' },
    ]);
    // The refund's submission is its own provider operation, under the refund's id, finished by its recovery
    // job (the refund's sync may have acknowledged and settled the refund first: the replay then changes nothing).
    await until(
      async () =>
        (await q(`select status from provider_operations where id = $1`, [refunds[0].id]))[0]?.status === 'SUCCEEDED',
      'the refund operation finished',
      120_000,
      500,
    );
    expect(await q(`select id, kind, status from provider_operations where resource_id = $1`, [refunds[0].id])).toEqual(
      [{ id: refunds[0].id, kind: 'refund.submit', status: 'SUCCEEDED' }],
    );

    // One status move each (nothing doubled by a replay), and one operation per call, finished.
    const moves = await q(
      `select payload->>'transaction_id' as id, payload->>'new_status' as status from events where type = 'transaction.status-changed' and payload->>'transaction_id' = any($1) and payload->>'new_status' in ('APPROVED', 'CANCELED')`,
      [[toCapture.id, toCancel.id]],
    );
    expect(moves.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: toCapture.id, status: 'APPROVED' },
      { id: toCancel.id, status: 'CANCELED' },
    ]);
    expect(
      // (Besides each create's own attempt operation, `transaction.authorize`: docs/decisions/routing.md.)
      await q(
        `select kind, status from provider_operations where resource_id = any($1) and kind <> 'transaction.authorize' order by kind`,
        [[toCapture.id, toCancel.id]],
      ),
    ).toEqual([
      { kind: 'transaction.cancel', status: 'SUCCEEDED' },
      { kind: 'transaction.capture', status: 'SUCCEEDED' },
    ]);

    // The money: the merchant holds the two captures net of their fees, less the refund, to the cent.
    const fee = (tr: { fee: { amount: number } | null }) => tr.fee?.amount ?? 0;
    const [account] = await q(`select bank_account_id from transactions where id = $1`, [toCapture.id]);
    const [balance] = await q(`select available + pending + held - debt as total from ledger_accounts where id = $1`, [
      account.bank_account_id,
    ]);
    expect(Number(balance.total)).toBe(10_000 - fee(captured) + 10_000 - fee(refunded) - 4_000);
    await expectLedgerInvariants(handle.db);
    await api.close();
    await server.stop();
  });
});
