import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ledgerHolds } from '../../src/db/schema/index.js';
import { hold, HoldStateError, postHold, voidHold } from '../../src/ledger/ledger.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { moneyMerchant, ok } from '../helpers/money-checks.js';

/** Issue 24: holds carry an expiry that one ledger job enforces (TigerBeetle's pending-transfer timeout). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

async function funded() {
  const m = await moneyMerchant(t, { feePercentage: 0, cashoutPrice: 0 });
  await ok(t, 'POST', `/v1/platform/sandbox/bank-accounts/${m.accountId}/deposits`, t.platformKey, { amount: 10_000 });
  return m;
}
const balance = (m: { accountId: string; merchantKey: string }) =>
  ok(t, 'GET', `/v1/banking/bank-accounts/${m.accountId}/balance`, m.merchantKey);
const holdOf = async (id: string) => (await t.db.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, id)))[0];

describe('ledger hold expiry (issue 24)', () => {
  it('a hold past its expiry is voided by the ledger job (on the organization clock) and can no longer be posted', async () => {
    const m = await funded();
    const source = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
    const now = t.deps.clock.now(m.orgId);
    const withExpiry = {
      at: new Date(now.getTime() + 3_600_000),
      code: 'INTERNAL_TRANSFER_RELEASED' as const,
      organizationId: m.orgId,
    };
    await t.db.db.transaction((tx) =>
      hold(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        source,
        account: { id: m.accountId },
        amount: 4_000,
        now,
        expiry: withExpiry,
      }),
    );
    // another hold without expiry stays
    const lasting = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
    await t.db.db.transaction((tx) =>
      hold(tx, { code: 'INTERNAL_TRANSFER_HOLD', source: lasting, account: { id: m.accountId }, amount: 1_000, now }),
    );
    expect(await balance(m)).toMatchObject({ available: 5_000, held: 5_000 });

    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
      seconds: 1_800,
    });
    expect((await holdOf(`INTERNAL_TRANSFER:${source.id}`))!.status).toBe('PENDING');
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, {
      seconds: 3_600,
    });
    expect((await holdOf(`INTERNAL_TRANSFER:${source.id}`))!.status).toBe('VOIDED');
    expect((await holdOf(`INTERNAL_TRANSFER:${lasting.id}`))!.status).toBe('PENDING');
    expect(await balance(m)).toMatchObject({ available: 9_000, held: 1_000 });

    const later = t.deps.clock.now(m.orgId);
    const credits = [
      { account: { type: 'CLEARING' as const, provider: 'PROVIDER_A' }, direction: 'CREDIT' as const, amount: 4_000 },
    ];
    await expect(
      t.db.db.transaction((tx) =>
        postHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_COMPLETED', source, credits, now: later }),
      ),
    ).rejects.toBeInstanceOf(HoldStateError);
    // the area's own release of it replays the expiry's void (same code and source)
    expect(
      (
        await t.db.db.transaction((tx) =>
          voidHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_RELEASED', source, now: later }),
        )
      ).replayed,
    ).toBe(true);
    await t.db.db.transaction((tx) =>
      voidHold(tx, { holdSource: lasting, code: 'INTERNAL_TRANSFER_RELEASED', source: lasting, now: later }),
    );
    await expectLedgerInvariants(t.db.db);
  });

  it('a hold finished before its expiry: the job does nothing', async () => {
    const m = await funded();
    const source = { type: 'INTERNAL_TRANSFER' as const, id: randomUUID() };
    const now = t.deps.clock.now(m.orgId);
    await t.db.db.transaction((tx) =>
      hold(tx, {
        code: 'INTERNAL_TRANSFER_HOLD',
        source,
        account: { id: m.accountId },
        amount: 2_000,
        now,
        expiry: { at: new Date(now.getTime() + 60_000), code: 'INTERNAL_TRANSFER_RELEASED', organizationId: m.orgId },
      }),
    );
    const credits = [
      { account: { type: 'CLEARING' as const, provider: 'PROVIDER_A' }, direction: 'CREDIT' as const, amount: 2_000 },
    ];
    await t.db.db.transaction((tx) =>
      postHold(tx, { holdSource: source, code: 'INTERNAL_TRANSFER_COMPLETED', source, credits, now }),
    );
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, { seconds: 120 });
    expect((await holdOf(`INTERNAL_TRANSFER:${source.id}`))!.status).toBe('POSTED');
    expect(await balance(m)).toMatchObject({ available: 8_000, held: 0 });
    await expectLedgerInvariants(t.db.db);
  });
});
