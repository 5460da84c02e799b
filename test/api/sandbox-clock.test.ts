import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_PRIORITY } from '../../src/jobs/registry.js';
import { enqueueJob } from '../../src/jobs/queue.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/**
 * money.md M7 over HTTP: each organization's test clock, moved forward only by staff; an advance runs the
 * organization's jobs that fall due on the way (in time order, by kind priority at one instant) before it answers.
 * The transfer autopilot waits an hour here, so only the clock can complete a transfer within the test.
 */
let t: TestApp;
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true, sandboxAutopilotDelayMs: HOUR });
});
afterAll(async () => t?.close());

const clockOf = (id: string, key = t.platformKey) =>
  t.request({ method: 'GET', url: `/core/v1/platform/sandbox/organizations/${id}/clock`, key });
const advance = (id: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: `/core/v1/platform/sandbox/organizations/${id}/clock/advance`,
    key: t.platformKey,
    payload: payload as object,
  });

describe('sandbox test clock', () => {
  it('starts at real time and moves forward only', async () => {
    const org = await t.createOrganization();
    const first = await clockOf(org.id);
    expect(first.statusCode).toBe(200);
    expect(first.json().offset_seconds).toBe(0);
    expect(Math.abs(Date.parse(first.json().now) - Date.now())).toBeLessThan(5_000);

    const moved = await advance(org.id, { seconds: 3600 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offset_seconds).toBe(3600);
    expect(Date.parse(moved.json().now) - Date.now()).toBeGreaterThan(HOUR - 5_000);

    const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const jumped = await advance(org.id, { to });
    expect(jumped.statusCode).toBe(200);
    expect(Math.abs(Date.parse(jumped.json().now) - Date.parse(to))).toBeLessThan(5_000);
    expect((await clockOf(org.id)).json().offset_seconds).toBe(jumped.json().offset_seconds);

    for (const back of [{ seconds: -1 }, { seconds: 0 }, { to: new Date().toISOString() }]) {
      const res = await advance(org.id, back);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('CONFLICT_ERROR');
    }
    // Another organization's clock is untouched.
    const other = await t.createOrganization();
    expect((await clockOf(other.id)).json().offset_seconds).toBe(0);
  });

  it('validates the body strictly and answers 404 for an unknown organization', async () => {
    const org = await t.createOrganization();
    for (const body of [
      {},
      { seconds: 5, to: new Date().toISOString() },
      { seconds: 1.5 },
      { to: 'tomorrow' },
      { seconds: 5, extra: 1 },
    ]) {
      expect((await advance(org.id, body)).statusCode).toBe(400);
    }
    // At most ten years per advance, whichever way the target is given; a huge negative is out of range too.
    for (const body of [
      { seconds: Number.MAX_SAFE_INTEGER },
      { seconds: -Number.MAX_SAFE_INTEGER },
      { to: '9999-12-31T00:00:00Z' },
    ]) {
      const res = await advance(org.id, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error.details)).toMatch(body.to ? /"to"/ : /"seconds"/);
    }
    expect((await clockOf(org.id)).json().offset_seconds).toBeLessThan(60);
    expect((await advance('00000000-0000-4000-8000-000000000000', { seconds: 5 })).statusCode).toBe(404);
    expect((await clockOf('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await clockOf('not-a-uuid')).statusCode).toBe(400);
    const merchant = await t.createMerchant(org.apiKey);
    expect((await clockOf(merchant.id)).statusCode).toBe(404);
    expect((await clockOf(org.id, org.apiKey)).statusCode).not.toBe(200);
  });

  it("stamps the organization's resources with its clock", async () => {
    const org = await t.createOrganization();
    await advance(org.id, { seconds: 86_400 });
    const merchant = await t.createMerchant(org.apiKey);
    expect(Date.parse(merchant.body.created_at) - Date.now()).toBeGreaterThan(86_400_000 - 10_000);
  });

  it('runs the transfer autopilot when the clock passes its delays, before answering', async () => {
    const org = await t.createOrganization();
    const open = async () =>
      (
        await t.request({
          method: 'POST',
          url: '/core/v1/banking/bank-accounts',
          key: org.apiKey,
          payload: { provider: 'INTERNAL' },
        })
      ).json();
    const [a, b] = [await open(), await open()];
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`,
      key: t.platformKey,
      payload: { amount: 1_000 },
    });
    const tr = (
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/internal-transfers',
        key: org.apiKey,
        payload: {
          request_id: 'clock-1',
          origin_bank_account_id: a.id,
          destination_bank_account_id: b.id,
          amount: 250,
        },
      })
    ).json();
    const status = async () =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers/${tr.id}`, key: org.apiKey })).json()
        .status;
    expect(await status()).toBe('PENDING');
    expect((await advance(org.id, { seconds: 3 * 3600 })).statusCode).toBe(200);
    expect(await status()).toBe('COMPLETED');
    const balance = async (id: string) =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key: org.apiKey })).json().balance;
    expect(await balance(b.id)).toEqual({ available: 250, held: 0, pending: 0, debt: 0 });
  });

  it('runs due jobs in time order, by kind priority at one instant, including jobs they schedule before the target', async () => {
    const org = await t.createOrganization();
    const seen: { label: string; at: number }[] = [];
    const suffix = org.id.slice(0, 8);
    const record = (label: string) => async () => void seen.push({ label, at: t.deps.clock.now(org.id).getTime() });
    const kinds = {
      settle: `test.settle.${suffix}`,
      expire: `test.expire.${suffix}`,
      other: `test.other.${suffix}`,
      chain: `test.chain.${suffix}`,
    };
    t.built.jobs
      .register(kinds.settle, record('settlement'), { priority: JOB_PRIORITY.settlement })
      .register(kinds.expire, record('expiration'), { priority: JOB_PRIORITY.expiration })
      .register(kinds.other, record('later'))
      .register(kinds.chain, async () => {
        const now = t.deps.clock.now(org.id);
        seen.push({ label: 'first', at: now.getTime() });
        await enqueueJob(
          t.db.db,
          {
            kind: kinds.other,
            runAt: new Date(now.getTime() + 60_000),
            organizationId: org.id,
            payload: { n: 'follow-up' },
          },
          now,
        );
      });
    const base = t.deps.clock.now(org.id).getTime();
    const job = (kind: string, inMs: number) =>
      enqueueJob(t.db.db, { kind, runAt: new Date(base + inMs), organizationId: org.id }, new Date(base));
    await job(kinds.expire, 10 * 60_000);
    await job(kinds.settle, 10 * 60_000);
    await job(kinds.chain, 5 * 60_000);
    await job(kinds.other, 3 * HOUR); // beyond the target: stays
    const res = await advance(org.id, { seconds: 3600 });
    expect(res.statusCode).toBe(200);
    expect(seen.map((s) => s.label)).toEqual(['first', 'later', 'settlement', 'expiration']);
    // Each ran with the clock at (or just past) its own instant.
    expect(seen[0]!.at).toBeGreaterThanOrEqual(base + 5 * 60_000);
    expect(seen[0]!.at).toBeLessThan(base + 6 * 60_000);
    expect(seen[2]!.at).toBeGreaterThanOrEqual(base + 10 * 60_000);
    expect(seen[2]!.at).toBeLessThan(base + 11 * 60_000);
  });
});
