import { until as untilHolds } from '../helpers/poll.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { organizationWithReceiver, type FakeReceiver } from '../helpers/webhook-receiver.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const onPostgres = Boolean(process.env.DATABASE_URL);

/** `npm run worker` as its own process, dedicated to one organization so parallel test files are untouched. */
function spawnWorker(organizationId: string, jwtSecret: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts', `--organization=${organizationId}`], {
    cwd: ROOT,
    // The same JWT_SECRET as the test app: endpoint signing secrets are encrypted under a key derived from it.
    env: {
      ...process.env,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'silent',
      WEBHOOK_RETRY_SCHEDULE: '0,0',
      RUN_WORKER: 'true',
    },
    stdio: 'ignore',
  });
}

const until = (condition: () => boolean | Promise<boolean>, what: string) => untilHolds(condition, what, 30_000, 50);

describe.skipIf(!onPostgres)(
  'webhook worker killed mid-delivery (PostgreSQL only: separate processes share one database)',
  () => {
    let t: TestApp;
    let receiver: FakeReceiver;
    const children: ChildProcess[] = [];
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
      await receiver?.close();
      await t?.close();
    });

    it('a worker process killed while a delivery is in flight loses nothing: the restarted one delivers, same webhook-id', async () => {
      const setup = await organizationWithReceiver(t);
      receiver = setup.receiver;
      const { org } = setup;
      receiver.script({ hang: true });
      const first = spawnWorker(org.id, t.jwtSecret);
      children.push(first);
      const merchant = await t.createMerchant(org.apiKey);
      await until(() => receiver.received.length === 1, 'the first delivery to be in flight');

      first.kill('SIGKILL');
      await new Promise((r) => first.once('exit', r));
      const res = await t.request({ method: 'GET', url: '/core/v1/webhooks/messages', key: org.apiKey });
      expect(res.json().data[0]).toMatchObject({ status: 'PENDING', attempts: [] });

      // Time passes: the dead worker's lease runs out (shortened here instead of waiting 30 s).
      await t.db.db.execute(
        sql`update webhook_deliveries set locked_until = now() - interval '1 second' where organization_id = ${org.id}`,
      );
      const second = spawnWorker(org.id, t.jwtSecret);
      children.push(second);
      await until(() => receiver.delivered().length === 2, 'the redelivery');
      const ids = receiver.delivered().map((r) => r.id);
      expect(ids[0]).toBe(ids[1]);
      expect(receiver.delivered()[1]!.envelope).toMatchObject({ type: 'company.created', company_id: merchant.id });
      await until(async () => {
        const m = (await t.request({ method: 'GET', url: '/core/v1/webhooks/messages', key: org.apiKey })).json()
          .data[0];
        return m.status === 'DELIVERED';
      }, 'the message to be DELIVERED');
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    });
  },
);
