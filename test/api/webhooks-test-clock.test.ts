import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { endpointsKit } from '../helpers/webhook-endpoints.js';

/**
 * Issue 27 (finding 7): a message's times did not follow the organization's test clock (created_at 2027 beside
 * next_attempt_at 2026), and advancing the clock did not bring a retry closer. Now created_at, every attempt and
 * next_attempt_at are on the organization's clock; a retry is due when that clock reaches it, so advancing it
 * past next_attempt_at sends the retry (and without an advance it comes after its real-time interval, as before).
 */
let t: TestApp;
const kit = endpointsKit(() => t);
const HOUR = 3600;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => {
  await kit.closeReceivers();
  await t?.close();
});

const advance = (key: string, seconds: number) =>
  t.request({ method: 'POST', url: '/core/v1/sandbox/clock/advance', key, payload: { seconds } });
const trigger = (key: string) =>
  t.request({ method: 'POST', url: '/core/v1/sandbox/events/trigger', key, payload: { type: 'transaction.created' } });
const message = async (key: string, id: string) =>
  (await kit.call('GET', `/core/v1/webhooks/messages/${id}`, key)).json();

describe("webhook messages on the organization's test clock", () => {
  it('created_at, attempts and next_attempt_at read the same clock; advancing it delivers the due retry', async () => {
    const org = await t.createOrganization();
    const { receiver } = await kit.endpointWithReceiver(org.apiKey);
    // A year ahead before anything happens: the message is born on the advanced clock.
    expect((await advance(org.apiKey, 365 * 86_400)).statusCode).toBe(200);
    const event = (await trigger(org.apiKey)).json();
    const clockNow = () => t.deps.clock.now(org.id).getTime();
    expect(Math.abs(Date.parse(event.timestamp) - clockNow())).toBeLessThan(60_000);

    // The receiver fails the first attempt; the retry is an hour later (on the clock).
    receiver.script({ status: 500 });
    const worker = kit.worker(org.id, [HOUR, HOUR]);
    try {
      await worker.runOnce();
      let m = await message(org.apiKey, event.id);
      expect(m.status).toBe('PENDING');
      expect(m.attempts).toHaveLength(1);
      const created = Date.parse(m.created_at);
      const attempted = Date.parse(m.attempts[0].at);
      const next = Date.parse(m.next_attempt_at);
      // All three on the organization's clock: a year ahead of real time, in order, the retry an hour after the attempt.
      for (const at of [created, attempted, next]) expect(at - Date.now()).toBeGreaterThan(364 * 86_400_000);
      expect(attempted).toBeGreaterThanOrEqual(created);
      expect(next - attempted).toBeGreaterThanOrEqual(HOUR * 1000 - 1000);
      expect(next - attempted).toBeLessThan(HOUR * 1000 + 60_000);

      // Not due yet: a worker round sends nothing.
      await worker.runOnce();
      expect((await message(org.apiKey, event.id)).attempts).toHaveLength(1);

      // The organization moves its clock past next_attempt_at: the retry goes out and is delivered.
      expect((await advance(org.apiKey, HOUR + 60)).statusCode).toBe(200);
      await worker.runOnce();
      m = await message(org.apiKey, event.id);
      expect(m.status).toBe('DELIVERED');
      expect(m.attempts).toHaveLength(2);
      expect(Date.parse(m.attempts[1].at)).toBeGreaterThanOrEqual(next);
      expect(m.next_attempt_at).toBeNull();
      // The receiver saw both (the failed one and the retry), each verified.
      expect(receiver.delivered().filter((d) => d.id === event.id)).toHaveLength(2);
    } finally {
      await worker.stop();
    }
  });

  it('a replay is due at once on the clock, and its attempt is stamped on it', async () => {
    const org = await t.createOrganization();
    await kit.endpointWithReceiver(org.apiKey);
    await advance(org.apiKey, 30 * 86_400);
    const event = (await trigger(org.apiKey)).json();
    await kit.drain(org.id);
    expect((await message(org.apiKey, event.id)).status).toBe('DELIVERED');
    expect((await kit.call('POST', `/core/v1/webhooks/messages/${event.id}/replay`, org.apiKey)).statusCode).toBe(200);
    const replayed = await message(org.apiKey, event.id);
    expect(replayed.status).toBe('PENDING');
    expect(Date.parse(replayed.next_attempt_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await kit.drain(org.id);
    const m = await message(org.apiKey, event.id);
    expect(m.status).toBe('DELIVERED');
    for (const a of m.attempts) expect(Date.parse(a.at) - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it('an organization whose clock was never moved keeps real time', async () => {
    const org = await t.createOrganization();
    await kit.endpointWithReceiver(org.apiKey);
    const event = (await trigger(org.apiKey)).json();
    await kit.drain(org.id);
    const m = await message(org.apiKey, event.id);
    expect(m.status).toBe('DELIVERED');
    expect(Math.abs(Date.parse(m.attempts[0].at) - Date.now())).toBeLessThan(60_000);
  });
});
