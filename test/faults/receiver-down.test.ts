import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { startFakeReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import { Api, createOrganization, deposit, openAccount, setWebhookEndpoint } from './support/api.js';
import { databaseUrl, removeTempDirs, sleep, startServer, until, type ServerProcess } from './support/server.js';

const TRANSFERS = 12;

describe.skipIf(!databaseUrl)('the webhook receiver goes away for a while', () => {
  let db: pg.Pool;
  let server: ServerProcess;
  let api: Api;
  const receivers: FakeReceiver[] = [];
  beforeAll(async () => {
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    // Retries 1-2 s apart for ~18 s: long enough to outlast the outage below, short enough for a test.
    server = await startServer({ databaseUrl: databaseUrl!, env: { WEBHOOK_RETRY_SCHEDULE: '0,1,1,2,2,2,2,2,2,2,2' } });
    api = new Api(server.baseUrl);
  });
  // A failure shows what the server said (its last lines), which is what explains a fault.
  beforeEach(() =>
    onTestFailed(() => console.error(server ? `server :${server.port}:\n${server.output().slice(-4000)}` : '')),
  );
  afterAll(async () => {
    await api?.close();
    await server?.stop();
    for (const r of receivers) await r.close().catch(() => undefined);
    await db?.end();
    removeTempDirs();
  });

  /*
   * Proves: events raised while the organization's receiver is unreachable (its port closed: connection
   * refused) are not lost. Each delivery fails and is retried on the schedule; once a receiver listens again on
   * the same port, every event arrives, signed and verifiable, and every message ends DELIVERED with its failed
   * attempts logged before the successful one.
   */
  it('delivers every event raised during the outage once the receiver is back on its port', async () => {
    const first = await startFakeReceiver();
    receivers.push(first);
    const port = Number(new URL(first.url).port);
    const org = await createOrganization(api);
    const secret = await setWebhookEndpoint(api, org.id, first.url);
    first.setSecret(secret);
    const a = await openAccount(api, org.apiKey);
    const b = await openAccount(api, org.apiKey);
    await deposit(api, a, 100_000);

    await first.close();
    for (let i = 0; i < TRANSFERS; i++) {
      await api.ok(
        'POST',
        '/v1/banking/internal-transfers',
        {
          key: org.apiKey,
          body: {
            request_id: randomUUID(),
            origin_bank_account_id: a,
            destination_bank_account_id: b,
            amount: 100 + i,
          },
        },
        [201],
      );
    }
    const { rows: due } = await db.query(
      `select event_id::text as id from webhook_messages where organization_id = $1`,
      [org.id],
    );
    expect(due.length).toBe(TRANSFERS);

    // The outage is real: every message has failed at least once against the closed port.
    await until(
      async () => {
        const { rows } = await db.query(
          `
        select count(distinct m.event_id)::int as n from webhook_messages m join webhook_attempts a on a.event_id = m.event_id
        where m.organization_id = $1 and not a.succeeded`,
          [org.id],
        );
        return rows[0].n === TRANSFERS;
      },
      'a failed attempt for every message',
      20_000,
    );
    await sleep(1500);
    const {
      rows: [{ n: pendingDuringOutage }],
    } = await db.query(
      `select count(*)::int as n from webhook_messages where organization_id = $1 and status = 'PENDING'`,
      [org.id],
    );
    expect(pendingDuringOutage).toBe(TRANSFERS);

    const back = await startFakeReceiver({ port, secret });
    receivers.push(back);
    await until(
      () => {
        const got = new Set(back.delivered().map((r) => r.id));
        return due.every((m) => got.has(m.id));
      },
      'every event to reach the returned receiver',
      40_000,
      200,
    );
    // (Filtered to this organization's events: a shared database may hold other tests' messages for this port.)
    const ours = new Set(due.map((m) => m.id));
    const mine = back.received.filter((r) => ours.has(r.id));
    expect(
      mine.every(
        (r) => r.verified && r.envelope!.type === 'internal-transfer.created' && r.envelope!.company_id === org.id,
      ),
    ).toBe(true);

    await until(
      async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from webhook_messages where organization_id = $1 and status = 'DELIVERED'`,
          [org.id],
        );
        return rows[0].n === TRANSFERS;
      },
      'every message to be DELIVERED',
      20_000,
    );
    const { rows: attempts } = await db.query(
      `
      select event_id::text as id, array_agg(succeeded order by at) as outcomes from webhook_attempts
      where event_id = any($1::uuid[]) group by event_id`,
      [due.map((m) => m.id)],
    );
    for (const row of attempts) {
      const outcomes: boolean[] = row.outcomes;
      expect(outcomes.length).toBeGreaterThanOrEqual(2);
      expect(outcomes.at(-1)).toBe(true);
      expect(outcomes.slice(0, -1).every((ok) => !ok)).toBe(true);
    }
  });
});
