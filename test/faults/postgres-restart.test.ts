import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import {
  Api,
  createOrganization,
  deposit,
  expectBooksBalance,
  expectEnvelope,
  openAccount,
  type Reply,
} from './support/api.js';
import { freePort, removeTempDirs, sleep, startServer, until, type ServerProcess } from './support/server.js';
import { createThrowawayPostgres, throwawayPostgresAvailable, type ThrowawayPostgres } from './support/throwaway-pg.js';

/** The client's patience: an answer slower than this is a hang. */
const PATIENCE_MS = 5000;
const CALLERS = 4;
const OUTAGE_MS = 3000;

interface Sample {
  sentAt: number;
  reply?: Reply;
  error?: string;
}

describe.skipIf(!throwawayPostgresAvailable())(
  'PostgreSQL restarts under load (a throwaway cluster, never the shared one)',
  () => {
    let cluster: ThrowawayPostgres;
    let server: ServerProcess;
    let api: Api;
    beforeAll(async () => {
      cluster = createThrowawayPostgres(await freePort());
      server = await startServer({ databaseUrl: cluster.url });
      api = new Api(server.baseUrl);
    });
    // A failure shows what the server said (its last lines), which is what explains a fault.
    beforeEach(() =>
      onTestFailed(() => console.error(server ? `server :${server.port}:\n${server.output().slice(-4000)}` : '')),
    );
    afterAll(async () => {
      await api?.close();
      await server?.stop();
      cluster?.destroy();
      removeTempDirs();
    });

    /*
     * Proves: while the database is down the server stays responsive and honest. Health turns ERROR (503,
     * database DISCONNECTED) and back to OK (200) once PostgreSQL is up again; every request made during the
     * outage is answered within a few seconds with the error envelope (no hang, no crash, no dropped connection);
     * requests after the recovery succeed; and the transfers the load made keep the books exact.
     */
    it('health goes ERROR then OK; requests fail fast with the envelope during the outage and succeed after', async () => {
      const org = await createOrganization(api);
      const a = await openAccount(api, org.apiKey);
      const b = await openAccount(api, org.apiKey);
      await deposit(api, a, 10_000_000);

      const samples: Sample[] = [];
      const health: Sample[] = [];
      let running = true;
      const call = async (into: Sample[], method: string, path: string, body?: unknown, key?: string) => {
        const sample: Sample = { sentAt: Date.now() };
        try {
          sample.reply = await api.call(method, path, { key, body, timeoutMs: PATIENCE_MS });
        } catch (err) {
          sample.error = (err as Error).message;
        }
        into.push(sample);
      };
      const callers = Array.from({ length: CALLERS }, async (_, n) => {
        for (let i = 0; running && i < 100_000; i++) {
          if ((i + n) % 2 === 0) await call(samples, 'GET', `/v1/banking/bank-accounts/${a}`, undefined, org.apiKey);
          else
            await call(
              samples,
              'POST',
              '/v1/banking/internal-transfers',
              { request_id: randomUUID(), origin_bank_account_id: a, destination_bank_account_id: b, amount: 1 + i },
              org.apiKey,
            );
          await sleep(20);
        }
      });
      const poller = (async () => {
        while (running) {
          await call(health, 'GET', '/health');
          await sleep(100);
        }
      })();

      await sleep(1500);
      const downAt = Date.now();
      cluster.stop();
      await sleep(OUTAGE_MS);
      const upAt = Date.now();
      cluster.start();
      // Health answers OK again once the pool reconnects (bounded: this is the recovery the test demands).
      await until(
        () => health.some((h) => h.sentAt > upAt && h.reply?.status === 200),
        'health to turn OK after the restart',
        30_000,
      ).catch((err) => {
        running = false;
        const seen = health
          .filter((h) => h.sentAt > upAt)
          .slice(-5)
          .map((h) => h.error ?? `${h.reply!.status} ${JSON.stringify(h.reply!.body)}`);
        const last = samples.slice(-5).map((s) => s.error ?? `${s.reply!.status} ${JSON.stringify(s.reply!.body)}`);
        throw new Error(
          `${(err as Error).message}\nhealth: ${seen.join('\n')}\nrequests: ${last.join('\n')}\nserver: ${server.output().slice(-3000)}`,
        );
      });
      const recoveredAt = Date.now();
      await sleep(2000);
      running = false;
      await Promise.all([...callers, poller]);

      // No hang and no dropped connection, ever: every request got an HTTP answer within the client's patience.
      expect([...samples, ...health].filter((s) => s.error).map((s) => s.error)).toEqual([]);

      // The server never went down with its database, and every failure anywhere is in the envelope.
      expect(server.child.exitCode).toBeNull();
      for (const s of [...samples, ...health])
        if (s.reply!.status >= 400 && s.reply!.body?.status !== 'ERROR') expectEnvelope(s.reply!);
      // A lost connection (even mid-query, as the database goes down) is a retryable 503, never a 500.
      const answers = new Set(samples.map((s) => `${s.reply!.status} ${s.reply!.body?.error?.code ?? ''}`.trim()));
      expect([...answers].filter((a) => !['200', '201', '503 SERVICE_UNAVAILABLE'].includes(a))).toEqual([]);

      // Before the outage: all fine.
      const before = samples.filter((s) => s.reply!.ms + s.sentAt < downAt);
      expect(before.length).toBeGreaterThan(0);
      expect(before.every((s) => s.reply!.status === 200 || s.reply!.status === 201)).toBe(true);

      // During it (sent once the database was gone): the error envelope, never a success made up.
      const during = samples.filter((s) => s.sentAt > downAt + 100 && s.sentAt + s.reply!.ms < upAt);
      expect(during.length).toBeGreaterThan(0);
      for (const s of during) {
        expect(s.reply!.status).toBeGreaterThanOrEqual(500);
        expectEnvelope(s.reply!);
      }
      const codes = new Set(during.map((s) => `${s.reply!.status} ${s.reply!.body.error.code}`));
      expect([...codes]).toEqual(['503 SERVICE_UNAVAILABLE']);

      // Health: OK, then ERROR (503, database DISCONNECTED) during the outage, then OK.
      const healthDuring = health.filter((h) => h.sentAt > downAt + 100 && h.sentAt + h.reply!.ms < upAt);
      expect(healthDuring.length).toBeGreaterThan(0);
      for (const h of healthDuring)
        expect({ status: h.reply!.status, body: h.reply!.body }).toMatchObject({
          status: 503,
          body: { status: 'ERROR', database: 'DISCONNECTED' },
        });
      expect(
        health
          .filter((h) => h.sentAt > recoveredAt)
          .every((h) => h.reply!.status === 200 && h.reply!.body.status === 'OK'),
      ).toBe(true);

      // After the recovery every request succeeds again.
      const after = samples.filter((s) => s.sentAt > recoveredAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((s) => s.reply!.status !== 200 && s.reply!.status !== 201).map((s) => s.reply!.body)).toEqual(
        [],
      );

      const db = new pg.Pool({ connectionString: cluster.url, max: 2 });
      try {
        await expectBooksBalance(db, [a, b], 10_000_000);
      } finally {
        await db.end();
      }
      console.info('postgres restart:', {
        requests: samples.length,
        during: during.length,
        slowestMs: Math.max(...samples.map((s) => s.reply!.ms)),
        healthChecks: health.length,
        answers: [...answers],
      });
    });
  },
);
