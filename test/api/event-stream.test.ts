import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { until } from '../helpers/poll.js';
import { EVENT_PAYLOADS, EVENT_TYPES } from '../../src/events/payloads.js';
import { samplePayload } from '../../src/modules/webhooks/sample-events.js';
import { DEFAULT_TIMING } from '../../src/modules/webhooks/stream.service.js';
import { EventStreamSession } from '../../src/modules/webhooks/stream.session.js';
import { currentCursor } from '../../src/modules/webhooks/stream.repo.js';
import { EventSignalBus, eventSignals, redisSignalTransport, type EventSignal } from '../../src/modules/webhooks/stream.signals.js';
import { recordEvent } from '../../src/events/outbox.js';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';

/**
 * product.md §15 `GET /v1/webhooks/stream`: a real listening server (a stream never ends, so inject cannot read
 * it), clients reading the text/event-stream as EventSource does.
 */
let t: TestApp;
let base: string;

interface Frame {
  id?: string;
  event?: string;
  data?: string;
}

async function openStream(key: string, options: { lastEventId?: string; query?: string } = {}) {
  const controller = new AbortController();
  const res = await request(`${base}/core/v1/webhooks/stream${options.query ?? ''}`, {
    headers: { 'x-api-key': key, accept: 'text/event-stream', ...(options.lastEventId && { 'last-event-id': options.lastEventId }) },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const comments: string[] = [];
  let ended = false;
  void (async () => {
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += String(chunk);
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const frame: Frame = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            const m = /^(id|event|data): (.*)$/.exec(line);
            if (m) frame[m[1] as keyof Frame] = m[2];
          }
          if (frame.id) frames.push(frame);
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return {
    status: res.statusCode,
    headers: res.headers,
    frames,
    comments,
    ended: () => ended,
    close: () => controller.abort(),
  };
}

const trigger = async (key: string, type: string) => {
  const res = await t.request({ method: 'POST', url: '/core/v1/sandbox/events/trigger', key, payload: { type } });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; type: string; company_id: string };
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => t?.close());

describe('GET /v1/webhooks/stream', () => {
  it('streams the events recorded after connecting, the organization and its merchants only, as webhooks carry them', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const stream = await openStream(org.apiKey);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const otherStream = await openStream(other.apiKey);

    const merchant = await t.createMerchant(org.apiKey);
    const sample = await trigger(org.apiKey, 'transaction.created');
    await t.createMerchant(other.apiKey);
    await trigger(other.apiKey, 'cashout.created');

    // A stream opened without Last-Event-ID may first repeat what committed just before it connected (here the
    // organization's own creation, when other transactions hold the horizon back); the rest is what counts.
    const fresh = (frames: typeof stream.frames, organizationId: string) =>
      frames.filter((f) => !(f.event === 'company.created' && JSON.parse(f.data!).company_id === organizationId));
    await until(() => fresh(stream.frames, org.id).length >= 2, 'two events on the stream', 5000);
    await until(() => fresh(otherStream.frames, other.id).length >= 2, "the other organization's two events", 5000);
    const [created, triggered] = fresh(stream.frames, org.id);
    expect(created!.event).toBe('company.created');
    const envelope = JSON.parse(created!.data!);
    expect(envelope).toMatchObject({ id: created!.id, type: 'company.created', version: 1, company_id: merchant.id, source: 'payment-platform' });
    expect(Object.keys(envelope)).toEqual(['id', 'type', 'version', 'timestamp', 'source', 'company_id', 'correlation_id', 'payload']);
    expect(envelope.payload.id).toBe(merchant.id);
    expect(triggered).toMatchObject({ id: sample.id, event: 'transaction.created' });
    expect(JSON.parse(triggered!.data!)).toEqual(sample);

    // Nothing of the other organization, and nothing of this one on the other's stream.
    await new Promise((r) => setTimeout(r, 700));
    expect(fresh(stream.frames, org.id)).toHaveLength(2);
    expect(otherStream.frames.map((f) => JSON.parse(f.data!).company_id)).not.toContain(org.id);
    expect(otherStream.frames.map((f) => f.id)).not.toContain(sample.id);
    stream.close();
    otherStream.close();
  });

  it('resumes after Last-Event-ID (header or query) with the events recorded after it, in recorded order', async () => {
    const org = await t.createOrganization();
    const first = await trigger(org.apiKey, 'company.status-changed');
    const second = await trigger(org.apiKey, 'transaction.status-changed');
    const third = await trigger(org.apiKey, 'refund.created');

    const resumed = await openStream(org.apiKey, { lastEventId: first.id });
    await until(() => resumed.frames.length >= 2, 'the two later events', 5000);
    expect(resumed.frames.map((f) => f.id)).toEqual([second.id, third.id]);
    const fourth = await trigger(org.apiKey, 'cashout.returned');
    await until(() => resumed.frames.length >= 3, 'the event recorded after resuming', 5000);
    expect(resumed.frames.map((f) => f.id)).toEqual([second.id, third.id, fourth.id]);
    resumed.close();

    const byQuery = await openStream(org.apiKey, { query: `?last_event_id=${third.id}` });
    await until(() => byQuery.frames.length >= 1, 'the event after the query id', 5000);
    expect(byQuery.frames.map((f) => f.id)).toEqual([fourth.id]);
    byQuery.close();
  });

  it('answers 400 with the envelope for an id it does not know (or another organization\'s), 403 for a merchant key', async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const theirs = await trigger(other.apiKey, 'company.status-changed');
    for (const id of [theirs.id, '8d3c7a52-4b1e-4f6a-9c2d-1e0f3a4b5c6d']) {
      const res = await t.request({ method: 'GET', url: '/core/v1/webhooks/stream', key: org.apiKey, headers: { 'last-event-id': id } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'Last-Event-ID' } });
    }
    const malformed = await t.request({ method: 'GET', url: '/core/v1/webhooks/stream?last_event_id=nope', key: org.apiKey });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');

    const merchant = await t.createMerchant(org.apiKey);
    const res = await t.request({ method: 'GET', url: '/core/v1/webhooks/stream', key: merchant.apiKey });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('AUTHORIZATION_ERROR');
  });

  it('stops reading when the client disconnects, and ends when its key is revoked', async () => {
    const org = await t.createOrganization();
    const before = eventSignals.listenerCount;
    const stream = await openStream(org.apiKey);
    await until(() => eventSignals.listenerCount === before + 1, 'the stream listening');
    stream.close();
    await until(() => eventSignals.listenerCount === before, 'the stream to stop after the client left', 5000);

    const issued = await t.request({ method: 'POST', url: '/core/v1/api-keys', key: org.apiKey, payload: { description: 'listen' } });
    expect(issued.statusCode).toBe(201);
    const revocable = await openStream(issued.json().api_key);
    expect(revocable.status).toBe(200);
    const revoked = await t.request({ method: 'DELETE', url: `/core/v1/api-keys/${issued.json().id}`, key: org.apiKey });
    expect(revoked.statusCode).toBe(200);
    await until(revocable.ended, 'the revoked key\'s stream to end', 5000);
  });
});

describe('recorded order across transactions and instances', () => {
  const sampleEvent = (organizationId: string) => ({
    type: 'company.status-changed' as const,
    companyId: organizationId,
    organizationId,
    correlationId: `test-${randomUUID()}`,
    payload: { company_id: organizationId, old_status: 'PENDING_ACTIVATION', new_status: 'ACTIVE' },
  });

  // Two connections at once: PostgreSQL only (the embedded database runs one transaction at a time).
  it.skipIf(!process.env.DATABASE_URL)('holds a committed event behind an older open transaction, so nothing ever appears before what was sent', async () => {
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
  });

  it('finds an event no signal announced (another instance without Redis) by reading the database', async () => {
    const org = await t.createOrganization();
    const stream = await openStream(org.apiKey);
    const id = randomUUID();
    // Straight into the table: no consumer runs, so no signal; only the stream's own read can find it.
    await t.db.db.execute(sql`insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at)
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
    const rows = await t.db.db.execute(sql`insert into events (id, type, version, source, company_id, organization_id, correlation_id, payload, occurred_at)
      select gen_random_uuid(), 'company.status-changed', 1, 'payment-platform', ${org.id}, ${org.id}, 'burst-' || n, '{}'::jsonb, now()
      from generate_series(1, 450) as n returning id, seq`);
    const inserted = ((rows as { rows?: { id: string; seq: string }[] }).rows ?? (rows as unknown as { id: string; seq: string }[]))
      .sort((a, b) => Number(a.seq) - Number(b.seq))
      .map((r) => r.id);
    const burst = new Set(inserted);
    const received = () => stream.frames.map((f) => f.id).filter((id): id is string => id !== undefined && burst.has(id));
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
    await until(() => {
      busB.announce([signal]);
      return heard.some((s) => s.organizationId === signal.organizationId);
    }, 'the other bus to hear the signal', 5000, 200);
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
    const res = await t.request({ method: 'POST', url: '/core/v1/sandbox/events/trigger', key: org.apiKey, payload: { type: 'no.such-event' } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain('transaction.created');
    const merchant = await t.createMerchant(org.apiKey);
    const denied = await t.request({ method: 'POST', url: '/core/v1/sandbox/events/trigger', key: merchant.apiKey, payload: { type: 'transaction.created' } });
    expect(denied.statusCode).toBe(403);
  });
});

// Last: the app closes here. Fastify's close must end open streams rather than wait for them.
describe('server close', () => {
  it('ends open streams and does not hang', async () => {
    const org = await t.createOrganization();
    const stream = await openStream(org.apiKey);
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(5000);
    await until(stream.ended, 'the stream to end with the server', 5000);
  });
});
