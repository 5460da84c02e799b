import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { until } from '../helpers/poll.js';
import { eventSignals } from '../../src/modules/webhooks/stream.signals.js';
import { listen, streamClient, triggerEvent } from '../helpers/event-stream.js';

/**
 * product.md §15 `GET /v1/webhooks/stream`: a real listening server (a stream never ends, so inject cannot read
 * it), clients reading the text/event-stream as EventSource does. Order, sessions and the trigger: event-stream-order.test.ts.
 */
let t: TestApp;
let base: string;
const openStream = streamClient(() => base);
const trigger = (key: string, type: string) => triggerEvent(t, key, type);

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
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
    expect(envelope).toMatchObject({
      id: created!.id,
      type: 'company.created',
      version: 1,
      company_id: merchant.id,
      source: 'payment-platform',
    });
    expect(Object.keys(envelope)).toEqual([
      'id',
      'type',
      'version',
      'timestamp',
      'source',
      'company_id',
      'correlation_id',
      'payload',
    ]);
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

  it("answers 400 with the envelope for an id it does not know (or another organization's), 403 for a merchant key", async () => {
    const org = await t.createOrganization();
    const other = await t.createOrganization();
    const theirs = await trigger(other.apiKey, 'company.status-changed');
    for (const id of [theirs.id, '8d3c7a52-4b1e-4f6a-9c2d-1e0f3a4b5c6d']) {
      const res = await t.request({
        method: 'GET',
        url: '/core/v1/webhooks/stream',
        key: org.apiKey,
        headers: { 'last-event-id': id },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidField: 'Last-Event-ID' } });
    }
    const malformed = await t.request({
      method: 'GET',
      url: '/core/v1/webhooks/stream?last_event_id=nope',
      key: org.apiKey,
    });
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

    const issued = await t.request({
      method: 'POST',
      url: '/core/v1/api-keys',
      key: org.apiKey,
      payload: { description: 'listen' },
    });
    expect(issued.statusCode).toBe(201);
    const revocable = await openStream(issued.json().api_key);
    expect(revocable.status).toBe(200);
    const revoked = await t.request({
      method: 'DELETE',
      url: `/core/v1/api-keys/${issued.json().id}`,
      key: org.apiKey,
    });
    expect(revoked.statusCode).toBe(200);
    await until(revocable.ended, "the revoked key's stream to end", 5000);
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
