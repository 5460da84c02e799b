import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { cashouts, jobs } from '../../src/db/schema/index.js';
import { runSlot } from '../../src/modules/cashouts/automatic-cashouts.js';
import { cashoutDeps } from '../../src/modules/cashouts/cashouts.context.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { advanceClock, cashoutMerchant } from '../helpers/cashouts.js';

/** money.md M5 automatic cashouts: slots are jobs on the organization's clock, exactly one cashout per account and slot. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const patch = (key: string, id: string, transfer_configurations: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: `/core/v1/merchants/${id}`, key, payload: { transfer_configurations } });
const clockNow = async (orgId: string) =>
  new Date(
    (
      await t.request({
        method: 'GET',
        url: `/core/v1/platform/sandbox/organizations/${orgId}/clock`,
        key: t.platformKey,
      })
    ).json().now,
  );
const autos = (accountId: string) =>
  t.db.db
    .select()
    .from(cashouts)
    .where(and(eq(cashouts.bankAccountId, accountId), eq(cashouts.automatic, true)))
    .orderBy(cashouts.scheduleSlot);

describe('transfer_configurations', () => {
  it('validates the day fields of the frequency, naming the field', async () => {
    const org = await t.createOrganization();
    const m = await t.createMerchant(org.apiKey);
    const cases: [Record<string, unknown>, string][] = [
      [
        { automatic_transfer_enabled: true, transfer_frequency: 'WEEKLY', utc_hour_of_day: 3 },
        'transfer_configurations.day_of_week',
      ],
      [
        {
          automatic_transfer_enabled: true,
          transfer_frequency: 'MONTHLY',
          utc_hour_of_day: 3,
          day_of_month: 10,
          day_of_week: 2,
        },
        'transfer_configurations.day_of_week',
      ],
      [
        { automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 3, day_of_month: 10 },
        'transfer_configurations.day_of_month',
      ],
      [
        { automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 24 },
        'transfer_configurations.utc_hour_of_day',
      ],
      [
        { automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 1, rail: 'TED' },
        'transfer_configurations.rail',
      ],
      [
        { automatic_transfer_enabled: true, transfer_frequency: 'DAILY', utc_hour_of_day: 1, min_balance: -1 },
        'transfer_configurations.min_balance',
      ],
    ];
    for (const [config, field] of cases) {
      const res = await patch(org.apiKey, m.id, config);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    const ok = await patch(org.apiKey, m.id, {
      automatic_transfer_enabled: true,
      transfer_frequency: 'MONTHLY',
      utc_hour_of_day: 3,
      day_of_month: 31,
      day_of_week: null,
      rail: 'PIX',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('automatic cashouts', () => {
  it('previews the next slot, runs each slot as a job when the clock passes it, missed slots in order', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 10_000, cashoutPrice: 100 });
    const now = await clockNow(org.id);
    const hour = (now.getUTCHours() + 2) % 24;
    expect(
      (
        await patch(org.apiKey, merchant.id, {
          automatic_transfer_enabled: true,
          transfer_frequency: 'DAILY',
          utc_hour_of_day: hour,
          min_balance: 1_000,
        })
      ).statusCode,
    ).toBe(200);
    const next = (
      await t.request({
        method: 'GET',
        url: `/core/v1/merchants/${merchant.id}/automatic-cashouts/next`,
        key: merchant.apiKey,
      })
    ).json();
    expect(next.data).toEqual([
      { bank_account_id: accountId, at: expect.any(String), estimated_amount: 8_900, price: 100 },
    ]);
    const slot = new Date(next.data[0].at);
    expect(slot.getUTCHours()).toBe(hour);
    expect(slot.getTime() - now.getTime()).toBeLessThanOrEqual(2 * 3_600_000);

    expect((await advanceClock(t, org.id, Math.ceil((slot.getTime() - now.getTime()) / 1000) + 60)).statusCode).toBe(
      200,
    );
    let rows = await autos(accountId);
    const slotText = slot.toISOString().replace('.000Z', 'Z');
    expect(rows.map((r) => ({ amount: r.amount, price: r.price, slot: r.scheduleSlot, request: r.requestId }))).toEqual(
      [{ amount: 8_900, price: 100, slot: slotText, request: `auto:${accountId}:${slotText}` }],
    );
    const view = (
      await t.request({ method: 'GET', url: `/core/v1/banking/cashouts/${rows[0]!.id}`, key: merchant.apiKey })
    ).json();
    expect(view).toMatchObject({
      automatic: true,
      schedule_slot: slotText,
      request_id: `auto:${accountId}:${slotText}`,
    });

    // Money arrives; two days pass at once: the two missed slots run in order, the second finds only min_balance.
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/bank-accounts/${accountId}/deposits`,
      key: t.platformKey,
      payload: { amount: 5_000 },
    });
    await advanceClock(t, org.id, 2 * 86_400);
    rows = await autos(accountId);
    expect(rows.map((r) => r.amount)).toEqual([8_900, 4_900]);
    expect(new Date(rows[1]!.scheduleSlot!).getTime() - slot.getTime()).toBe(86_400_000);
  });

  it('exactly one cashout per account and slot, whatever the number of runners', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 5_000 });
    await patch(org.apiKey, merchant.id, {
      automatic_transfer_enabled: true,
      transfer_frequency: 'WEEKLY',
      day_of_week: 3,
      utc_hour_of_day: 7,
    });
    const slot = '2026-03-04T07:00:00Z'; // a Wednesday
    const [a, b] = [cashoutDeps(t.deps), cashoutDeps(t.deps)];
    const created = await Promise.all([
      runSlot(a, merchant.id, slot),
      runSlot(b, merchant.id, slot),
      runSlot(a, merchant.id, slot),
    ]);
    expect(created.reduce((x, y) => x + y, 0)).toBe(1);
    expect((await autos(accountId)).map((r) => ({ amount: r.amount, slot: r.scheduleSlot }))).toEqual([
      { amount: 5_000, slot },
    ]);
    // A slot the configuration does not have creates nothing.
    expect(await runSlot(a, merchant.id, '2026-03-05T07:00:00Z')).toBe(0);
  });

  it('a merchant created with an enabled configuration gets its first slot scheduled', async () => {
    const org = await t.createOrganization();
    const config = {
      automatic_transfer_enabled: true,
      transfer_frequency: 'MONTHLY',
      day_of_month: 31,
      utc_hour_of_day: 23,
      min_balance: 0,
    };
    const m = await t.createMerchant(org.apiKey, { transfer_configurations: config });
    const slots = await t.db.db.select().from(jobs).where(eq(jobs.kind, 'cashout.automatic-slot'));
    const mine = slots.filter((j) => j.payload.companyId === m.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.organizationId).toBe(org.id);
    const at = mine[0]!.runAt;
    expect(at.getUTCHours()).toBe(23);
    expect(at.getUTCDate()).toBe(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate());
  });

  it('disabled: no preview and no slots', async () => {
    const { org, merchant } = await cashoutMerchant(t, { deposit: 5_000 });
    await patch(org.apiKey, merchant.id, { automatic_transfer_enabled: false });
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/core/v1/merchants/${merchant.id}/automatic-cashouts/next`,
          key: org.apiKey,
        })
      ).json(),
    ).toEqual({ data: [] });
  });
});
