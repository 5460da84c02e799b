import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { eventsOf } from '../helpers/onboarding.js';
import { advanceClock, balanceOf, cashoutMerchant, createCashout, getCashout } from '../helpers/cashouts.js';

/** money.md M8: with SANDBOX_AUTOPILOT a cashout completes ~2 s after creation; 91/92/93 cents play their scripts. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

describe('cashout autopilot', () => {
  it('completes a cashout about 2 s after creation, on the organization clock', async () => {
    const { org, accountId } = await cashoutMerchant(t, { deposit: 10_000, cashoutPrice: 100 });
    const c = (
      await createCashout(t, org.apiKey, { request_id: 'a-1', bank_account_id: accountId, amount: 1_000 })
    ).json();
    expect(c.status).toBe('PENDING');
    expect(c.end_to_end_id).toMatch(/^E/);
    await advanceClock(t, org.id, 3);
    expect((await getCashout(t, org.apiKey, c.id)).status).toBe('COMPLETED');
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 8_900, held: 0 });
  });

  it('91 cents fails with DESTINATION_ACCOUNT_CLOSED, 92 is fully returned an hour later, 93 half (rounded down)', async () => {
    const { org, merchant, accountId } = await cashoutMerchant(t, { deposit: 100_000 });
    const make = async (amount: number) =>
      (await createCashout(t, org.apiKey, { request_id: `m-${amount}`, bank_account_id: accountId, amount })).json();
    const failed = await make(1_091);
    expect(failed).toMatchObject({ status: 'FAILED', error_code: 'DESTINATION_ACCOUNT_CLOSED' });
    const full = await make(1_092);
    const half = await make(1_093);
    await advanceClock(t, org.id, 3);
    expect((await getCashout(t, org.apiKey, full.id)).status).toBe('COMPLETED');
    expect((await getCashout(t, org.apiKey, half.id)).status).toBe('COMPLETED');
    await advanceClock(t, org.id, 3_600);
    expect(await getCashout(t, org.apiKey, full.id)).toMatchObject({ status: 'RETURNED', returned_amount: 1_092 });
    expect(await getCashout(t, org.apiKey, half.id)).toMatchObject({
      status: 'PARTIALLY_RETURNED',
      returned_amount: 546,
    });
    expect(await balanceOf(t, org.apiKey, accountId)).toMatchObject({ available: 100_000 - 1_093 + 546, held: 0 });
    const moves = (await eventsOf(t, merchant.id, 'cashout.status-changed')).map(
      (e) => e.payload as { cashout_id: string; new_status: string },
    );
    expect(moves.filter((m) => m.cashout_id === full.id).map((m) => m.new_status)).toEqual(['COMPLETED', 'RETURNED']);
    expect(moves.filter((m) => m.cashout_id === failed.id).map((m) => m.new_status)).toEqual(['FAILED']);
  });
});
