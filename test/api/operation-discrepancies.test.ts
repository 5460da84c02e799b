import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { transactions } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';
import type { Clock } from '../../src/kernel/clock.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { eventsAbout } from '../helpers/seed-transactions.js';
import { eventually } from '../helpers/poll.js';

/**
 * providers.md R5.1/R5.2: a sync (the operation's recovery) whose answer contradicts a state the transaction
 * reached another way moves nothing and raises `transaction.discrepancy-detected`. "Real time" is shifted by
 * hand so the recovery is due without waiting.
 */
let t: TestApp;
let sandbox: SandboxProvider;
let merchant: { id: string; apiKey: string };
const skew = { ms: 0 };
const clock: Clock = { now: () => new Date(Date.now() + skew.ms) };

beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false }, {}, {}, { clock });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
  ({ merchant } = await payingMerchant(t));
});
afterAll(async () => t?.close());
afterEach(async () => {
  sandbox.faults.clear();
  await expectLedgerInvariants(t.db.db);
});

describe('a sync answer that contradicts a terminal state (R5.2)', () => {
  it('a void refused by the recovery after the transaction was canceled another way: CANCEL_FAILED_AFTER_CANCEL, nothing moves', async () => {
    const res = await createTx(
      t,
      merchant.apiKey,
      await cardPayment(t, '4111111111111111', { capture: false, amount: 5_000 }),
    );
    expect(res.json().status).toBe('AUTHORIZED');
    const id = res.json().id as string;
    sandbox.faults.inject('card.void', { kind: 'unknown_outcome' });
    const cancel = await t.request({ method: 'POST', url: `/core/v1/transactions/${id}/cancel`, key: merchant.apiKey });
    expect(cancel.statusCode).toBe(502);
    expect(cancel.json().error.details.reason).toBe('PROVIDER_OUTCOME_UNKNOWN');
    // A provider event cancels it meanwhile (an authorization holds no money in the ledger).
    await t.db.db
      .update(transactions)
      .set({ status: 'CANCELED', canceledAt: new Date() })
      .where(eq(transactions.id, id));
    sandbox.faults.inject('card.void', { kind: 'refused', code: 'ALREADY_CANCELED', message: 'not voidable' });
    skew.ms += 31_000;
    await t.built.runner.drain();
    const events = await eventually(
      () => eventsAbout(t, id, ['transaction.discrepancy-detected']),
      (e) => e.length > 0,
      'discrepancy',
      5_000,
      50,
    );
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({
        transaction_id: id,
        kind: 'CANCEL_FAILED_AFTER_CANCEL',
        provider: 'PROVIDER_A',
        provider_event_id: null,
      }),
    ]);
    const [row] = await t.db.db.select().from(transactions).where(eq(transactions.id, id));
    expect(row!.status).toBe('CANCELED');
  });
});
