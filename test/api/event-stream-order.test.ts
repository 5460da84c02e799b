import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { until } from '../helpers/poll.js';
import { EVENT_PAYLOADS, EVENT_TYPES } from '../../src/modules/event-payloads.js';
import { samplePayload } from '../../src/modules/webhooks/sample-events.js';
import { DEFAULT_TIMING } from '../../src/modules/webhooks/stream.service.js';
import { EventStreamSession } from '../../src/modules/webhooks/stream.session.js';
import { currentCursor } from '../../src/modules/webhooks/stream.repo.js';
import {
  EventSignalBus,
  eventSignals,
  redisSignalTransport,
  type EventSignal,
} from '../../src/modules/webhooks/stream.signals.js';
import { recordEvent } from '../../src/events/outbox.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { listen, streamClient, triggerEvent } from '../helpers/event-stream.js';

/** product.md §15 event stream: recorded order across transactions and instances, a session's heartbeats, the sandbox trigger. */
let t: TestApp;
let base: string;
const openStream = streamClient(() => base);
const trigger = (key: string, type: string) => triggerEvent(t, key, type);

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
}, 120_000);
afterAll(async () => t?.close());

describe('recorded order across transactions and instances', () => {
  const sampleEvent = (organizationId: string) => ({
    type: 'company.status-changed' as const,
    companyId: organizationId,
    organizationId,
    correlationId: `test-${randomUUID()}`,
    payload: { company_id: organizationId, old_status: 'PENDING_ACTIVATION', new_status: 'ACTIVE' },
  });

  // Two connections at once: PostgreSQL only (the embedded database runs one transaction at a time).
  it.skipIf(!process.env.DATABASE_URL)(
    'holds a committed event behind an older open transaction, so nothing ever appears before what was sent',
    async () => {
      const org = await t.createOrganization();
      const stream = await openStream(org.apiKey);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let slowId = '';
      const slow = t.db.db.transaction(async (tx) => {
        slowId = (await recordEvent(tx, sampleEvent(org.id), new Date())).id;
        await held;
      });
      try {
        await until(() => slowId !== '', 'the slow transaction to record its event');
        const fast = await trigger(org.apiKey, 'transaction.created');
        // A stream opened without Last-Event-ID may repeat what committed just before it connected (the
        // organization's own creation, when other transactions hold the horizon back): only these two count.
        const ours = () => stream.frames.map((f) => f.id).filter((id) => id === slowId || id === fast.id);
        await new Promise((r) => setTimeout(r, 1200));
        expect(ours()).toEqual([]);
        release();
        await slow;
        await until(() => ours().length >= 2, 'both events once the older transaction ended', 5000);
        expect(ours()).toEqual([slowId, fast.id]);
      } finally {
        release(); // never leave the transaction open: the pool could not close
        await slow.catch(() => undefined);
        stream.close();
      }
    },
  );

  it('finds an event no signal announced (another instance without Redis) by reading the database', async () => {
    const org = await t.createOrganization();
    const stream = await openStream(org.apiKey);
    const id = randomUUID();
    // Straight into the table: no consumer runs, so no signal; only the stream's own read can find it.
    await t.db.db
      .execute(sql`insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at)
      values (${id}, 'company.status-changed', 1, 'payment-platform', ${org.id}, ${org.id}, 'raw', '{}'::jsonb, now())`);
    const started = Date.now();
    // (A stream opened without Last-Event-ID may first repeat the organization's creation: see above.)
    await until(() => stream.frames.some((f) => f.id === id), 'the unannounced event', 8000, 20);
    // Without Redis the poll runs every 500 ms (product.md §15: within about a second); with it, every 5 s.
    expect(Date.now() - started).toBeLessThan(eventSignals.crossInstance ? 6000 : 1500);
    stream.close();
  });

  it('sends a burst larger than one read (200) whole and in recorded order', async () => {
    const org = await t.createOrganization();
    const stream = await openStream(org.apiKey);
    const rows = await t.db.db
      .execute(sql`insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at)
      select gen_random_uuid(), 'company.status-changed', 1, 'payment-platform', ${org.id}, ${org.id}, 'burst-' || n, '{}'::jsonb, now()
      from generate_series(1, 450) as n returning id, seq`);
    const inserted = (
      (rows as { rows?: { id: string; seq: string }[] }).rows ?? (rows as { id: string; seq: string }[])
    )
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((r) => r.id);
    const burst = new Set(inserted);
    const received = () =>
      stream.frames.map((f) => f.id).filter((id): id is string => id !== undefined && burst.has(id));
    await until(() => received().length >= 450, 'the whole burst', 10_000);
    expect(received()).toEqual(inserted);
    stream.close();
  });

  it.skipIf(!process.env.REDIS_URL)('carries signals between instances through Redis', async () => {
    const [a, b] = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const [busA, busB] = [new EventSignalBus(), new EventSignalBus()];
    const detachA = busA.attach(redisSignalTransport(a, busA));
    const detachB = busB.attach(redisSignalTransport(b, busB));
    const heard: EventSignal[] = [];
    busA.listen((s) => heard.push(s));
    const signal = { organizationId: randomUUID(), eventIds: [randomUUID()] };
    // The subscription settles asynchronously: announce until it is heard.
    await until(
      () => {
        busB.announce([signal]);
        return heard.some((s) => s.organizationId === signal.organizationId);
      },
      'the other bus to hear the signal',
      5000,
      200,
    );
    expect(heard.find((s) => s.organizationId === signal.organizationId)).toEqual(signal);
    await detachA();
    await detachB();
    a.disconnect();
    b.disconnect();
  });
});

describe('a stream session', () => {
  it('writes heartbeat comments while idle, and nothing after it stops', async () => {
    const org = await t.createOrganization();
    const writes: string[] = [];
    const session = new EventStreamSession({
      db: t.db.db,
      organizationId: org.id,
      cursor: await currentCursor(t.db.db),
      sink: { write: (frame) => writes.push(frame) > 0, drained: async () => {} },
      signals: new EventSignalBus(),
      timing: { ...DEFAULT_TIMING, heartbeatMs: 50 },
      nowMs: Date.now,
      onError: () => {},
    });
    await until(() => writes.filter((w) => w === ': heartbeat\n\n').length >= 2, 'two heartbeats', 3000, 20);
    session.stop();
    const count = writes.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(writes).toHaveLength(count);
  });
});

describe('POST /v1/sandbox/events/trigger', () => {
  it('has a sample payload valid against its schema for every event type', () => {
    for (const type of EVENT_TYPES) {
      expect(EVENT_PAYLOADS[type].safeParse(samplePayload(type, new Date())).success, type).toBe(true);
    }
  });

  it('answers 400 naming the allowed types for an unknown one, 403 for a merchant key', async () => {
    const org = await t.createOrganization();
    const res = await t.request({
      method: 'POST',
      url: '/core/v1/sandbox/events/trigger',
      key: org.apiKey,
      payload: { type: 'no.such-event' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain('transaction.created');
    const merchant = await t.createMerchant(org.apiKey);
    const denied = await t.request({
      method: 'POST',
      url: '/core/v1/sandbox/events/trigger',
      key: merchant.apiKey,
      payload: { type: 'transaction.created' },
    });
    expect(denied.statusCode).toBe(403);
  });
});
