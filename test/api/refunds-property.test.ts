import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  eventsAbout,
  merchantWithAccount,
  seedTransaction,
  transactionView,
  type Merchant,
} from '../helpers/seed-transactions.js';
import { statusAfterRefunds } from '../../src/modules/payments/shared/transactions.states.js';

let t: TestApp;
let m: Merchant & { orgKey: string };
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  m = await merchantWithAccount(t);
});
afterAll(async () => t?.close());

type Command =
  { kind: 'create'; amount: number | null } | { kind: 'settle'; pick: number; outcome: 'SUCCEEDED' | 'FAILED' };
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    amount: fc.option(fc.integer({ min: 1, max: 700 }), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    pick: fc.nat(20),
    outcome: fc.constantFrom('SUCCEEDED' as const, 'FAILED' as const),
  }),
);

describe("refunds over random sequences: P4's rule, P2's sums and the ledger", () => {
  it('after every creation and settlement the status, amounts, events and ledger agree with the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1_500 }),
        fc.array(command, { minLength: 1, maxLength: 12 }),
        async (captured, commands) => {
          const tr = await seedTransaction(t, m, {
            status: 'APPROVED',
            amount: captured,
            fee: Math.floor(captured / 10),
          });
          const model: { id: string; amount: number; status: 'PENDING' | 'SUCCEEDED' | 'FAILED' }[] = [];
          const sum = (s: string) => model.filter((r) => r.status === s).reduce((a, r) => a + r.amount, 0);
          let status = 'APPROVED';
          for (const c of commands) {
            const before = status;
            if (c.kind === 'create') {
              const refundable = captured - sum('SUCCEEDED') - sum('PENDING');
              const res = await t.request({
                method: 'POST',
                url: `/core/v1/transactions/${tr.id}/refunds`,
                key: m.apiKey,
                payload: c.amount === null ? {} : { amount: c.amount },
              });
              const amount = c.amount ?? refundable;
              const allowed =
                ['APPROVED', 'PARTIALLY_REFUNDED', 'PENDING_REFUND'].includes(status) &&
                model.length < 10 &&
                amount >= 1 &&
                amount <= refundable;
              expect(res.statusCode, res.body).toBe(allowed ? 201 : 409);
              if (allowed) model.push({ id: res.json().id, amount, status: 'PENDING' });
            } else {
              const pending = model.filter((r) => r.status === 'PENDING');
              if (pending.length === 0) continue;
              const target = pending[c.pick % pending.length];
              const res = await t.request({
                method: 'POST',
                url: `/core/v1/platform/sandbox/refunds/${target.id}/settle`,
                key: t.platformKey,
                payload: { status: c.outcome },
              });
              expect(res.statusCode, res.body).toBe(200);
              target.status = c.outcome;
              const moves = (await eventsAbout(t, target.id, ['transaction.status-changed']))
                .map((e) => e.payload)
                .filter((p) => p.refund_id === target.id);
              expect(moves.at(-1)).toMatchObject({ old_status: before, refund_id: target.id });
            }
            status = statusAfterRefunds(captured, sum('SUCCEEDED'), sum('PENDING'));
            expect(await transactionView(t, tr.id)).toMatchObject({
              status,
              captured_amount: captured,
              refunded_amount: sum('SUCCEEDED'),
              pending_refund_amount: sum('PENDING'),
              refundable_amount: captured - sum('SUCCEEDED') - sum('PENDING'),
            });
          }
          await expectLedgerInvariants(t.db.db);
        },
      ),
      { numRuns: 12 },
    );
  }, 240_000);

  it('concurrent refunds never exceed the captured amount: each is judged against what the others left', async () => {
    const tr = await seedTransaction(t, m, { status: 'APPROVED', amount: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request({
          method: 'POST',
          url: `/core/v1/transactions/${tr.id}/refunds`,
          key: m.apiKey,
          payload: { amount: 300 },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.details).toEqual({ field: 'amount', value: 300, refundable_amount: 100 });
    expect(await transactionView(t, tr.id)).toMatchObject({
      status: 'PENDING_REFUND',
      pending_refund_amount: 900,
      refundable_amount: 100,
    });
    await expectLedgerInvariants(t.db.db);
  });
});
