import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/kernel/clock.js';
import { freePort } from '../faults/support/server.js';
import {
  createThrowawayPostgres,
  throwawayPostgresAvailable,
  type ThrowawayPostgres,
} from '../faults/support/throwaway-pg.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTx, makePaying } from '../helpers/transactions.js';
import { caughtUp, queryOnce, replicaToolsAvailable, startReplica, type Replica } from './replica-cluster.js';

/*
 * DATABASE_READ_URL against a real streaming replica (docs/deployment.md "Read replica"). The primary is a
 * throwaway cluster of this test (initdb, trust, replication allowed from 127.0.0.1): the machine's shared
 * PostgreSQL allows no replication connection in its pg_hba.conf, and changing that file is not ours to do.
 * The replica is `pg_basebackup -R` of it on its own port. Replay is paused to tell the two apart: what the
 * primary has and the replica not yet shows which one answered.
 */
const usable =
  /^postgres(ql)?:/.test(process.env.DATABASE_URL ?? '') && throwawayPostgresAvailable() && replicaToolsAvailable();
const WINDOW_MS = 5000;

describe.skipIf(!usable)("lists through a streaming replica, a caller's own writes read from the primary", () => {
  let primary: ThrowawayPostgres;
  let replica: Replica;
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-06-01T12:00:00Z'));
  beforeAll(async () => {
    primary = createThrowawayPostgres(await freePort());
    replica = startReplica(primary.port, await freePort());
    const shared = process.env.DATABASE_URL;
    process.env.DATABASE_URL = primary.url;
    try {
      t = await createTestApp({ databaseReadUrl: replica.url, databaseReadAfterWriteMs: WINDOW_MS }, {}, {}, { clock });
    } finally {
      process.env.DATABASE_URL = shared;
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    replica?.destroy();
    primary?.destroy();
  });

  const recovering = async (credential: string) => {
    const db = await t.deps.reads!.forCaller(credential);
    const result = (await db.execute<{ standby: boolean }>(sql`select pg_is_in_recovery() as standby`)) as {
      rows: { standby: boolean }[];
    };
    return result.rows[0].standby;
  };
  const listIds = async (key: string, url: string): Promise<string[]> => {
    const res = await t.request({ method: 'GET', url, key });
    expect(res.statusCode).toBe(200);
    return res.json().data.map((d: { id: string }) => d.id);
  };

  it('the read handle is the replica for a caller that has not written, and the primary right after it writes', async () => {
    expect(t.deps.reads?.replica).toBeDefined();
    expect(await recovering('a-reader')).toBe(true);
    await t.deps.reads!.noteWrite('a-writer');
    expect(await recovering('a-writer')).toBe(false);
    clock.advance(WINDOW_MS + 1);
    expect(await recovering('a-writer')).toBe(true);
  });

  it('lists come from the replica; the writer sees its write at once (primary) until the window ends; others see it once replayed', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    await makePaying(t, merchant.id);
    await caughtUp(primary.url, replica.url);
    await queryOnce(replica.url, 'select pg_wal_replay_pause()');
    try {
      const created = await createTx(
        t,
        org.apiKey,
        { payment_method: 'PIX', amount: 3000, provider: 'PROVIDER_A' },
        merchant.id,
      );
      expect(created.statusCode).toBe(201);
      const id: string = created.json().id;

      // The organization wrote it: its list reads the primary.
      expect(await listIds(org.apiKey, '/core/v1/merchants/transactions')).toContain(id);
      // The merchant's key wrote nothing: its list is the replica's, which has not replayed the create yet.
      expect(await listIds(merchant.apiKey, '/core/v1/transactions')).not.toContain(id);
      // After the window the organization's reads go back to the (still paused) replica.
      clock.advance(WINDOW_MS + 1);
      expect(await listIds(org.apiKey, '/core/v1/merchants/transactions')).not.toContain(id);
    } finally {
      await queryOnce(replica.url, 'select pg_wal_replay_resume()');
    }
    await caughtUp(primary.url, replica.url);
    const replayed = await listIds(merchant.apiKey, '/core/v1/transactions');
    expect(replayed).toHaveLength(1);
    expect(await listIds(org.apiKey, '/core/v1/merchants/transactions')).toEqual(replayed);
    await expectLedgerInvariants(t.db.db);
  });

  it('a money decision never reads the replica: a create decides on the primary while replay is paused', async () => {
    const org = await t.createOrganization();
    const merchant = await t.createMerchant(org.apiKey);
    await queryOnce(replica.url, 'select pg_wal_replay_pause()');
    try {
      // The affiliation exists only on the primary: a create that read the replica would answer 4xx.
      await makePaying(t, merchant.id);
      clock.advance(WINDOW_MS + 1);
      const created = await createTx(t, merchant.apiKey, {
        payment_method: 'PIX',
        amount: 1500,
        provider: 'PROVIDER_A',
      });
      expect(created.statusCode).toBe(201);
    } finally {
      await queryOnce(replica.url, 'select pg_wal_replay_resume()');
    }
    await expectLedgerInvariants(t.db.db);
  });
});
