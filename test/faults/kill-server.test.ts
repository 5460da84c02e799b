import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { startFakeReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';
import {
  Api,
  createOrganization,
  deposit,
  expectBooksBalance,
  openAccount,
  setWebhookEndpoint,
} from './support/api.js';
import {
  databaseUrl,
  freePort,
  removeTempDirs,
  sleep,
  startServer,
  tempDir,
  until,
  type ServerProcess,
} from './support/server.js';

const BURST = 120;
const CONCURRENCY = 6;
const KILL_AFTER_ANSWERS = 30;
const DEPOSIT = 1_000_000;

interface Outcome {
  body: {
    request_id: string;
    origin_bank_account_id: string;
    destination_bank_account_id: string;
    amount: number;
    metadata: Record<string, string>;
  };
  status?: number;
  id?: string;
  error?: string;
}

/** Runs `work` over `items` with a fixed number of concurrent callers. */
async function pooled<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe.skipIf(!databaseUrl)('kill -9 the server during a burst of internal transfers', () => {
  let db: pg.Pool;
  let receiver: FakeReceiver;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    receiver = await startFakeReceiver();
  });
  // A failure shows what the servers said (their last lines), which is what explains a fault.
  beforeEach(() =>
    onTestFailed(() => console.error(servers.map((s) => `server :${s.port}:\n${s.output().slice(-4000)}`).join('\n'))),
  );
  afterAll(async () => {
    for (const s of servers) await s.kill9();
    await receiver?.close();
    await db?.end();
    removeTempDirs();
  });

  /*
   * Proves: a server killed with SIGKILL in the middle of a burst of internal transfers loses nothing and
   * duplicates nothing. After a restart, replaying every request (same request_id, same body) creates each
   * transfer exactly once (replays of committed ones answer 200 with the same id); the money on the accounts
   * is exactly what was deposited and every cached balance equals its ledger (no cent lost or created, even
   * with the sandbox autopilot settling transfers when the kill lands); every committed transfer has its
   * internal-transfer.created event (read from the events table) and every status it reached has its
   * status-changed event; and every event is delivered to the receiver once the server is back.
   */
  it('replays after the restart create each transfer once, keep the books exact and deliver every event', async () => {
    const port = await freePort();
    const pciPort = await freePort();
    const dataDir = tempDir('faults-kill-');
    const env = { SANDBOX_AUTOPILOT: 'true', SANDBOX_AUTOPILOT_DELAY_MS: '20' };
    const first = await startServer({ databaseUrl: databaseUrl!, port, pciPort, dataDir, env });
    servers.push(first);
    const api = new Api(first.baseUrl);
    const org = await createOrganization(api);
    receiver.setSecret(await setWebhookEndpoint(api, org.id, receiver.url));
    const a = await openAccount(api, org.apiKey);
    const b = await openAccount(api, org.apiKey);
    await deposit(api, a, DEPOSIT);
    await deposit(api, b, DEPOSIT);

    // Amounts stay far below either balance, so every transfer is acceptable whatever the order.
    const outcomes: Outcome[] = Array.from({ length: BURST }, (_, i) => {
      const [origin, destination] = i % 3 === 0 ? [b, a] : [a, b];
      return {
        body: {
          request_id: `burst-${i}-${randomUUID()}`,
          origin_bank_account_id: origin,
          destination_bank_account_id: destination,
          amount: 1 + ((i * 37) % 1000),
          metadata: { n: String(i) },
        },
      };
    });
    let answered = 0;
    let killing: Promise<void> | undefined;
    await pooled(outcomes, CONCURRENCY, async (o) => {
      try {
        const reply = await api.call('POST', '/v1/banking/internal-transfers', { key: org.apiKey, body: o.body });
        o.status = reply.status;
        o.id = reply.body?.id;
      } catch (err) {
        o.error = (err as Error).message;
      }
      // The kill lands a moment after an answer, while the other callers' requests are mid-way.
      if (++answered >= KILL_AFTER_ANSWERS && !killing)
        killing = sleep(Math.floor(Math.random() * 40)).then(() => first.kill9());
    });
    await killing;
    await api.close();
    const answeredBeforeKill = outcomes.filter((o) => o.status !== undefined);
    expect(answeredBeforeKill.every((o) => o.status === 201)).toBe(true);
    expect(outcomes.some((o) => o.error)).toBe(true); // the kill did cut the burst

    // Time passes: the dead server's delivery leases (30 s) run out; shortened here instead of waited for.
    await db.query(
      `update webhook_deliveries set locked_until = now() - interval '1 second' where organization_id = $1 and locked_until > now()`,
      [org.id],
    );
    const second = await startServer({ databaseUrl: databaseUrl!, port, pciPort, dataDir, env });
    servers.push(second);
    const api2 = new Api(second.baseUrl);

    const replayIds = new Map<string, string>();
    let committedUnanswered = 0; // in flight at the kill, committed, never answered: the replay finds them
    await pooled(outcomes, CONCURRENCY, async (o) => {
      const reply = await api2.call('POST', '/v1/banking/internal-transfers', { key: org.apiKey, body: o.body });
      // 200: it was committed before the kill (replayed); 201: it was not, and is created now.
      expect([200, 201]).toContain(reply.status);
      if (o.status === 201) expect({ status: reply.status, id: reply.body.id }).toEqual({ status: 200, id: o.id });
      replayIds.set(o.body.request_id, reply.body.id);
      if (o.status === undefined && reply.status === 200) committedUnanswered++;
    });
    // A second replay of everything changes nothing.
    await pooled(outcomes, CONCURRENCY, async (o) => {
      const reply = await api2.call('POST', '/v1/banking/internal-transfers', { key: org.apiKey, body: o.body });
      expect({ status: reply.status, id: reply.body.id }).toEqual({
        status: 200,
        id: replayIds.get(o.body.request_id),
      });
    });

    // Exactly one transfer per request_id, nothing else.
    const perRequest = await db.query(
      `select request_id, count(*)::int as n, min(id::text) as id from internal_transfers where organization_id = $1 group by request_id`,
      [org.id],
    );
    expect(perRequest.rows.length).toBe(BURST);
    for (const row of perRequest.rows)
      expect({ request_id: row.request_id, n: row.n, id: row.id }).toEqual({
        request_id: row.request_id,
        n: 1,
        id: replayIds.get(row.request_id),
      });

    // Wait until the autopilot of the new server has finished moving what it submitted (no new event for 1.5 s).
    let last = -1;
    let stableSince = Date.now();
    await until(
      async () => {
        const { rows } = await db.query('select count(*)::int as n from events where organization_id = $1', [org.id]);
        if (rows[0].n !== last) {
          last = rows[0].n;
          stableSince = Date.now();
        }
        return Date.now() - stableSince >= 1500;
      },
      'the transfers to stop moving',
      60_000,
    );

    await expectBooksBalance(db, [a, b], 2 * DEPOSIT);
    const { rows: statuses } = await db.query(
      `select status, count(*)::int as n from internal_transfers where organization_id = $1 group by status order by status`,
      [org.id],
    );
    console.info('kill -9 burst:', {
      answeredBeforeKill: answeredBeforeKill.length,
      cut: outcomes.filter((o) => o.error).length,
      committedUnanswered,
      statuses,
    });

    // Every committed transfer has its created event, and its status-changed events chain PENDING to its status
    // (followed as a chain of old/new statuses, so it does not depend on timestamps).
    const eventGaps = await db.query(
      `
      select t.id, t.status,
        (select count(*) from events e where e.type = 'internal-transfer.created' and e.payload->>'id' = t.id::text)::int as created,
        (select coalesce(json_agg(json_build_array(e.payload->>'old_status', e.payload->>'new_status')), '[]') from events e
          where e.type = 'internal-transfer.status-changed' and e.payload->>'internal_transfer_id' = t.id::text) as moves
      from internal_transfers t where t.organization_id = $1`,
      [org.id],
    );
    for (const row of eventGaps.rows) {
      const moves = new Map<string, string>(row.moves);
      let reached = 'PENDING';
      for (let i = 0; i < 3 && moves.has(reached); i++) reached = moves.get(reached)!;
      expect({ id: row.id, created: row.created, reached, moves: moves.size }).toEqual({
        id: row.id,
        created: 1,
        reached: row.status,
        moves: row.moves.length,
      });
    }

    // Every event the organization's endpoint is due is delivered (signature verified) once the server is back.
    const { rows: due } = await db.query(
      `select e.id::text as id from events e join webhook_messages m on m.event_id = e.id where e.organization_id = $1`,
      [org.id],
    );
    const {
      rows: [{ n: transferEvents }],
    } = await db.query(
      `select count(*)::int as n from events where organization_id = $1 and type like 'internal-transfer.%'`,
      [org.id],
    );
    expect(due.length).toBe(transferEvents);
    await until(
      () => {
        const delivered = new Set(receiver.delivered().map((r) => r.id));
        return due.every((e) => delivered.has(e.id));
      },
      'every event to be delivered',
      90_000,
      200,
    );
    await until(
      async () => {
        const { rows } = await db.query(
          `select count(*)::int as n from webhook_messages where organization_id = $1 and status <> 'DELIVERED'`,
          [org.id],
        );
        return rows[0].n === 0;
      },
      'every message to be DELIVERED',
      30_000,
    );
    await api2.close();
    await second.stop();
  });
});
