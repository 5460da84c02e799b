import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase, type DbHandle } from '../../src/db/client.js';
import { encryptEv, type EvPublicKey } from '../../src/crypto/ev.js';
import { PixDouble } from '../../src/providers/doubles/index.js';
import { merchantBody } from '../helpers/fixtures.js';
import { adminQuery } from '../helpers/pg-admin.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { adyenAccount, adyenNotification, affiliateToAdyen, type AdyenAccount, type Call } from '../helpers/adyen.js';
import { Api, createOrganization } from './support/api.js';
import {
  databaseUrl,
  freePort,
  PLATFORM_KEY,
  removeTempDirs,
  SHORT_RECOVERY_ENV,
  startServer,
  tempDir,
  until,
  type ServerProcess,
} from './support/server.js';

/**
 * Issue 25's fault bar at an ADYEN_CHECKOUT account: kill -9 of the server after Adyen applied a call and before
 * the platform recorded its answer (the double's `timeout` fault: applied, answer held back while the server
 * waits). One database, one double, one account and merchant, one server restarted between the cases.
 * - Authorization: after a restart the client's retry under the same request_id resumes the same transaction and
 *   replays the same attempt key; Adyen answers its first answer: APPROVED once, one approval posting.
 * - Capture, cancel and refund, all three in flight when the server dies: after the restart the capture is
 *   finished by its operation's recovery job (same key), the cancel by Adyen's CANCELLATION notification (the
 *   recovery job's later replay changes nothing), the refund acknowledged by its recovery job and settled by the
 *   REFUND notification; every notification sent twice; one move and one posting each, the money exact.
 * The ledger's invariants hold after each. Last, the same server restarted on port 0 without PUBLIC_BASE_URL
 * registers a PIX account's webhook at the address it actually listens on, for every PIX key it uses there.
 */
describe.skipIf(!databaseUrl)("kill -9 between Adyen's answer and our record", () => {
  let pool: pg.Pool;
  let handle: DbHandle;
  let set: AdyenAccount;
  let merchant: { id: string; api_key: string };
  let orgKey = '';
  let server: ServerProcess;
  let api: Api;
  let key: EvPublicKey;
  const servers: ServerProcess[] = [];
  const dbName = `faults_adyen_${randomBytes(4).toString('hex')}`;
  const url = databaseUrl ? Object.assign(new URL(databaseUrl), { pathname: `/${dbName}` }).toString() : '';
  const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;
  let port = 0;
  let dataDir = '';
  const start = async () => {
    server = await startServer({ databaseUrl: url, port, dataDir, env: SHORT_RECOVERY_ENV });
    servers.push(server);
    api = new Api(server.baseUrl);
  };
  /** Kills the server while `inFlight` waits for Adyen; every in-flight call fails at the client. */
  const killDuring = async (inFlight: Array<Promise<unknown>>) => {
    await server.kill9();
    for (const outcome of await Promise.all(inFlight)) expect(outcome).toBeInstanceOf(Error);
    await api.close();
  };
  const call: Call = (method, path, k, body, status = 200) =>
    api.ok(method, path, { key: k, ...(body ? { body } : {}) }, [status]);

  beforeAll(async () => {
    await adminQuery(databaseUrl, `create database ${dbName}`);
    pool = new pg.Pool({ connectionString: url, max: 2 });
    handle = await openDatabase({ databaseUrl: url, poolSize: 2 });
    port = await freePort();
    dataDir = tempDir('faults-adyen-');
    await start();
    // The read timeout outlasts the test's kill: the server is still waiting for Adyen's answer when it dies.
    set = await adyenAccount(call, PLATFORM_KEY, {
      prefix: 'ADYEN_KILL',
      merchantAccount: 'KillECOM',
      timeoutMs: 30_000,
    });
    const org = await createOrganization(api);
    orgKey = org.apiKey;
    merchant = await api.ok('POST', '/v1/merchants', { key: org.apiKey, body: merchantBody() }, [201]);
    // Able to take payments without the whole onboarding (as test/helpers/transactions.ts makePaying).
    await q(`update companies set status = 'ACTIVE' where id = $1`, [merchant.id]);
    await affiliateToAdyen(call, { platformKey: PLATFORM_KEY, orgKey: org.apiKey }, merchant.id, set);
    await q(`update companies set status = 'ACTIVE' where id = $1`, [merchant.id]);
    const keys = await api.ok('GET', '/v1/encryption-keys', {});
    key = keys.keys.find((k: { kid: string }) => k.kid === keys.current_kid) as EvPublicKey;
  });
  beforeEach(() =>
    onTestFailed(() => console.error(servers.map((s) => `server :${s.port}:\n${s.output().slice(-4000)}`).join('\n'))),
  );
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await api?.close();
    await set?.adyen.close();
    await handle?.close();
    await pool?.end();
    await adminQuery(databaseUrl, `drop database if exists ${dbName} with (force)`);
    removeTempDirs();
  });

  const cardBody = (extra: Record<string, unknown>) => ({
    payment_method: 'CREDIT_CARD',
    amount: 10_000,
    card_data: {
      number: encryptEv('4111111111111111', 'pan', key),
      expiry_month: '12',
      expiry_year: String(new Date().getUTCFullYear() + 3),
      holder_name: 'MARIA SILVA',
      bin: '411111',
      last_digits: '1111',
    },
    ...extra,
  });
  // Settled into a value at once: the rejection lands while the test awaits the kill, and an unhandled one
  // fails the run even though it is checked.
  const settled = (path: string, body?: object) =>
    api.call('POST', path, { key: merchant.api_key, ...(body ? { body } : {}), timeoutMs: 60_000 }).then(
      (reply) => reply as unknown,
      (error: unknown) => error,
    );
  const postings = async (sourceId: string, code: string) =>
    Number(
      (
        await q(`select count(*)::int as n from ledger_transactions where source_id = $1 and code = $2`, [
          sourceId,
          code,
        ])
      )[0].n,
    );

  it('the retry after the restart records the authorization Adyen applied, once', async () => {
    const body = { request_id: 'adyen-kill-1', ...cardBody({ capture: true }) };
    // Adyen applies the authorization and holds its answer; the server dies while waiting for it.
    set.adyen.server.fail('/v71/payments', 'timeout', 1);
    const inFlight = settled('/v1/transactions', body);
    await until(
      () => set.adyen.server.received('/v71/payments').length === 1,
      'Adyen received the authorization',
      30_000,
    );
    await killDuring([inFlight]);
    const [stranded] = await q(`select id, announced, status from transactions where request_id = $1`, [
      body.request_id,
    ]);
    expect(stranded).toMatchObject({ announced: false, status: 'PROCESSING' });

    await start();
    // The client retries the same request_id (409 REQUEST_IN_PROGRESS until the crashed claim's lease lapses:
    // 3 s here, SHORT_RECOVERY_ENV).
    let tx: { id: string; status: string; attempts: Array<{ id: string }> } | undefined;
    await until(
      async () => {
        const reply = await api.call('POST', '/v1/transactions', { key: merchant.api_key, body, timeoutMs: 60_000 });
        if (reply.status === 201 || reply.status === 200) tx = reply.body;
        return tx !== undefined;
      },
      'the retry recorded the transaction',
      120_000,
      2_000,
    );
    expect(tx!.id).toBe(stranded.id);
    expect(tx!.status).toBe('APPROVED');
    const sent = set.adyen.server.received('/v71/payments');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((r) => r.headers['idempotency-key']))).toEqual(new Set([tx!.attempts.at(-1)!.id]));
    expect(new Set(sent.map((r) => (r.body as { reference: string }).reference))).toEqual(new Set([tx!.id]));
    expect(await postings(tx!.id, 'TRANSACTION_APPROVED')).toBe(1);
    await expectLedgerInvariants(handle.db);
  });

  it('a capture, a cancel and a refund Adyen applied are each recovered once after the restart', async () => {
    const pay = async (capture: boolean) => {
      const tr = await api.ok(
        'POST',
        '/v1/transactions',
        { key: merchant.api_key, body: cardBody({ capture }) },
        [201],
      );
      expect(tr.status).toBe(capture ? 'APPROVED' : 'AUTHORIZED');
      return tr as { id: string; provider_reference: string; fee: { amount: number } | null };
    };
    const toCapture = await pay(false);
    const toCancel = await pay(false);
    const toRefund = await pay(true);
    const modification = (tr: { provider_reference: string }, what: string) =>
      `/v71/payments/${tr.provider_reference}/${what}`;

    // Adyen applies each and holds its answer; the server dies with the three calls waiting.
    set.adyen.server.fail(modification(toCapture, 'captures'), 'timeout', 1);
    set.adyen.server.fail(modification(toCancel, 'cancels'), 'timeout', 1);
    set.adyen.server.fail(modification(toRefund, 'refunds'), 'timeout', 1);
    const inFlight = [
      settled(`/v1/transactions/${toCapture.id}/capture`),
      settled(`/v1/transactions/${toCancel.id}/cancel`),
      settled(`/v1/transactions/${toRefund.id}/refunds`, { amount: 4_000 }),
    ];
    await until(
      () =>
        set.adyen.server.received(modification(toCapture, 'captures')).length === 1 &&
        set.adyen.server.received(modification(toCancel, 'cancels')).length === 1 &&
        set.adyen.server.received(modification(toRefund, 'refunds')).length === 1,
      'Adyen received the capture, the cancel and the refund',
      30_000,
    );
    await killDuring(inFlight);
    const statusOf = async (id: string) => (await q(`select status from transactions where id = $1`, [id]))[0].status;
    expect([await statusOf(toCapture.id), await statusOf(toCancel.id)]).toEqual(['AUTHORIZED', 'AUTHORIZED']);
    const [refund] = await q(`select id, status, provider_refund_id from refunds where transaction_id = $1`, [
      toRefund.id,
    ]);
    expect(refund).toMatchObject({ status: 'PENDING', provider_refund_id: null });

    await start();
    const notify = async (items: Parameters<typeof adyenNotification>[1]) => {
      const reply = await api.call('POST', `/v1/provider-webhooks/${set.account.id}`, {
        body: JSON.parse(adyenNotification(set, items)),
      });
      expect(reply, JSON.stringify(reply.body)).toMatchObject({ status: 200, body: '[accepted]' });
    };
    const psp = () => `${Date.now().toString().slice(-10)}${randomBytes(3).toString('hex').toUpperCase()}`;
    // The cancel: Adyen's CANCELLATION arrives before the operation's recovery job looks (twice).
    const cancellation = {
      pspReference: psp(),
      originalReference: toCancel.provider_reference,
      merchantReference: toCancel.id,
      eventCode: 'CANCELLATION',
      success: 'true' as const,
      amount: { value: 10_000, currency: 'BRL' as const },
    };
    await notify([cancellation]);
    await notify([cancellation]);
    const view = (id: string) => api.ok('GET', `/v1/transactions/${id}`, { key: merchant.api_key });
    await until(async () => (await view(toCancel.id)).status === 'CANCELED', 'the cancel recovered', 60_000, 250);
    // The capture and the refund's submission: their operations' recovery jobs replay them under the same keys
    // (the first look comes once a live call must have ended: 10 s after the claim, the first R5.1 step, as the
    // in-flight grace is 3 s here; 30 s with the default grace).
    await until(async () => (await view(toCapture.id)).status === 'APPROVED', 'the capture recovered', 90_000, 500);
    await until(
      async () =>
        (await q(`select provider_refund_id from refunds where id = $1`, [refund.id]))[0]?.provider_refund_id !== null,
      'the refund acknowledged',
      90_000,
      500,
    );
    const [acknowledged] = await q(`select status, provider_refund_id from refunds where id = $1`, [refund.id]);
    expect(acknowledged.status).toBe('PENDING');
    const refunded = {
      pspReference: String(acknowledged.provider_refund_id),
      originalReference: toRefund.provider_reference,
      merchantReference: refund.id,
      eventCode: 'REFUND',
      success: 'true' as const,
      amount: { value: 4_000, currency: 'BRL' as const },
    };
    await notify([refunded]);
    await notify([refunded]);
    await until(
      async () => (await q(`select status from refunds where id = $1`, [refund.id]))[0]?.status === 'SUCCEEDED',
      'the refund settled',
      30_000,
      250,
    );
    // Every operation finished, the cancel's too (its replay found the transaction already CANCELED).
    await until(
      async () =>
        (
          await q(
            `select count(*)::int as n from provider_operations where resource_id = any($1) and status = 'PENDING'`,
            [[toCapture.id, toCancel.id, refund.id]],
          )
        )[0].n === 0,
      'the operations finished',
      90_000,
      500,
    );
    // Late duplicates change nothing.
    await notify([
      {
        pspReference: psp(),
        originalReference: toCapture.provider_reference,
        merchantReference: toCapture.id,
        eventCode: 'CAPTURE',
        success: 'true',
        amount: { value: 10_000, currency: 'BRL' },
      },
      cancellation,
      refunded,
    ]);
    await until(
      async () => (await q(`select count(*)::int as n from provider_events where status = 'PENDING'`))[0].n === 0,
      'the notifications processed',
      30_000,
      250,
    );

    // Adyen saw each modification under its one key (R2.1), and applied it once.
    const keysOf = (path: string) => new Set(set.adyen.server.received(path).map((r) => r.headers['idempotency-key']));
    expect(keysOf(modification(toCapture, 'captures'))).toEqual(new Set([`${toCapture.id}-capture`]));
    expect(keysOf(modification(toCancel, 'cancels'))).toEqual(new Set([`${toCancel.id}-cancel`]));
    expect(keysOf(modification(toRefund, 'refunds'))).toEqual(new Set([refund.id]));

    const captured = await view(toCapture.id);
    expect(captured).toMatchObject({ status: 'APPROVED', captured_amount: 10_000 });
    expect(await view(toCancel.id)).toMatchObject({
      status: 'CANCELED',
      cancel_reason: 'REQUESTED',
      captured_amount: 0,
    });
    const refundedTx = await view(toRefund.id);
    expect(refundedTx).toMatchObject({ status: 'PARTIALLY_REFUNDED', refunded_amount: 4_000 });
    expect(
      (await q(`select amount, status from refunds where transaction_id = $1`, [toRefund.id])).map((r) => ({
        amount: Number(r.amount),
        status: r.status,
      })),
    ).toEqual([{ amount: 4_000, status: 'SUCCEEDED' }]);
    // One status move each, nothing doubled by a replay or a duplicate notification.
    const moves = await q(
      `select payload->>'transaction_id' as id, payload->>'new_status' as status from events where type = 'transaction.status-changed' and payload->>'transaction_id' = any($1) and payload->>'new_status' in ('APPROVED', 'CANCELED')`,
      [[toCapture.id, toCancel.id]],
    );
    expect(moves.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: toCapture.id, status: 'APPROVED' },
      { id: toCancel.id, status: 'CANCELED' },
    ]);
    expect(
      await q(
        `select count(*)::int as n from events where type = 'refund.status-changed' and payload->>'refund_id' = $1 and payload->>'new_status' = 'SUCCEEDED'`,
        [refund.id],
      ),
    ).toEqual([{ n: 1 }]);
    // The money: the merchant holds the two captures net of their fees, less the refund, to the cent.
    const fee = (tr: { fee: { amount: number } | null }) => tr.fee?.amount ?? 0;
    const [account] = await q(`select bank_account_id from transactions where id = $1`, [toCapture.id]);
    const [first] = await q(`select id from transactions where request_id = 'adyen-kill-1'`);
    const firstTx = await view(first.id);
    const [balance] = await q(`select available + pending + held - debt as total from ledger_accounts where id = $1`, [
      account.bank_account_id,
    ]);
    expect(Number(balance.total)).toBe(
      10_000 - fee(firstTx) + 10_000 - fee(captured) + 10_000 - fee(refundedTx) - 4_000,
    );
    await expectLedgerInvariants(handle.db);
  });

  it('on port 0 without PUBLIC_BASE_URL, the PIX webhook is registered at the bound address for every key (R3.7)', async () => {
    await server.stop();
    await api.close();
    server = await startServer({ databaseUrl: url, port: 0, dataDir, env: SHORT_RECOVERY_ENV });
    servers.push(server);
    const bound = /core: (http:\/\/127\.0\.0\.1:(\d+)\/core)/.exec(server.output());
    expect(bound, server.output()).not.toBeNull();
    expect(Number(bound![2])).toBeGreaterThan(0);
    api = new Api(bound![1]!);
    const pix = new PixDouble({ pki: null });
    await pix.listen();
    try {
      const account = await api.ok(
        'POST',
        '/v1/platform/provider-accounts',
        {
          key: PLATFORM_KEY,
          body: {
            provider: 'PIX_PORT0',
            display_name: 'PSP (double)',
            connector: 'PIX_API_BCB',
            environment: 'TEST',
            base_url: pix.baseUrl,
            organization_access: 'ALL',
            settings: { token_url: pix.tokenUrl, default_chave: 'loja@example.com', register_webhooks: true },
            credentials: { client_id: 'platform', client_secret: 's3cret' },
          },
        },
        [201],
      );
      const view = () => api.ok('GET', `/v1/platform/provider-accounts/${account.id}`, { key: PLATFORM_KEY });
      const registered = async (keys: string[]) =>
        until(
          async () => {
            const w = (await view()).webhook;
            return w.registration === 'REGISTERED' && JSON.stringify(w.registered_keys) === JSON.stringify(keys);
          },
          `registered for ${keys.join(', ')}`,
          60_000,
          250,
        );
      await registered(['loja@example.com']);
      // A merchant's affiliation confirmed with its own key: the next registration covers both keys.
      const aff = await api.ok(
        'POST',
        `/v1/merchants/${merchant.id}/affiliations`,
        { key: orgKey, body: { provider: 'PIX_PORT0' } },
        [201],
      );
      await api.ok('POST', `/v1/platform/affiliations/${aff.id}/confirm`, {
        key: PLATFORM_KEY,
        body: { merchant_reference: { chave: 'outra@example.com' } },
      });
      await registered(['loja@example.com', 'outra@example.com']);
      // The job's PUTs (the last one per key; the confirmation's own check PUT uses the request's address).
      const puts = pix.server.received('/webhook/*').filter((r) => r.method === 'PUT' && r.status === 200);
      const lastOf = (chave: string) =>
        (puts.filter((r) => r.path === `/webhook/${encodeURIComponent(chave)}`).at(-1)?.body as { webhookUrl: string })
          .webhookUrl;
      const expected = new RegExp(`^${bound![1]}/v1/provider-webhooks/${account.id}/`);
      expect(lastOf('loja@example.com')).toMatch(expected);
      expect(lastOf('outra@example.com')).toBe(lastOf('loja@example.com'));
      // The staff view announces the same path (at the address the request came to: here https through the proxy).
      const announced = new URL((await view()).webhook.url as string).pathname;
      expect(new URL(lastOf('loja@example.com')).pathname).toBe(announced);
    } finally {
      await pix.close();
    }
    await server.stop();
  });
});
