import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../../src/db/schema/index.js';
import { runSettlement } from '../../src/modules/receivables/settlements.service.js';
import {
  anticipateAutomatically,
  AUTOMATIC_ANTICIPATION_JOB,
} from '../../src/modules/anticipations/anticipations.jobs.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectAccountBalance, expectMoneyInvariants, moneyMerchant, ok } from '../helpers/money-checks.js';
import {
  advanceTo,
  deposit,
  expectEachStepPostedOnce,
  merchantWithDueJobs,
  moneySnapshot,
  payCard,
  receivablesOf,
} from '../helpers/money-scenarios.js';

/**
 * Issue 14, bad input and concurrency: no balance negative and no cent created or lost whatever the
 * concurrency, and a job that crashes half-way resumes without posting twice. On PGlite the concurrent calls
 * interleave on one connection; on PostgreSQL (DATABASE_URL) they race for real.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
});
afterAll(async () => t?.close());

type Res = { statusCode: number; body: string; json(): any };
const send = (method: 'POST' | 'GET', url: string, key: string, payload?: object) =>
  t.request({ method, url: `/core${url}`, key, ...(payload ? { payload } : {}) });
const reasonOf = (res: Res) => res.json().error?.details?.reason;

describe('30 simultaneous cashouts on one balance', () => {
  it('never overdraws: the ones that fit succeed, each refusal was a real shortfall, held + available = what was there', async () => {
    const m = await moneyMerchant(t, { feePercentage: 2, cashoutPrice: 150 });
    await deposit(t, m, 10_000);
    // Mixed amounts; none ending in 91 cents (the sandbox fails those at once, money.md M8).
    const amounts = Array.from({ length: 30 }, (_, i) => 200 + ((i * 397) % 1_100)).map((a) =>
      a % 100 === 91 ? a + 1 : a,
    );
    const results = await Promise.all(
      amounts.map((amount) =>
        send('POST', '/v1/banking/cashouts', m.merchantKey, {
          request_id: randomUUID(),
          bank_account_id: m.accountId,
          amount,
        }),
      ),
    );
    const created = results.flatMap((r, i) => (r.statusCode === 201 ? [amounts[i]] : []));
    const refused = results.flatMap((r, i) => (r.statusCode === 201 ? [] : [{ r, amount: amounts[i] }]));
    for (const { r, amount } of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(reasonOf(r)).toBe('INSUFFICIENT_FUNDS');
      // Judged against what the others left at its turn.
      expect(r.json().error.details.price).toBe(150);
      expect(r.json().error.details.available).toBeLessThan(amount! + 150);
    }
    const taken = created.reduce((s, a) => s! + a! + 150, 0);
    const b = await expectAccountBalance(t, m);
    expect(b).toMatchObject({ available: 10_000 - taken!, held: taken, debt: 0, pending: 0 });
    expect(created.length).toBeGreaterThan(0);
    // available only went down: no refused cashout would fit what is left either.
    for (const { amount } of refused) expect(amount! + 150).toBeGreaterThan(b.available);
    await expectMoneyInvariants(t, m);
    await expectEachStepPostedOnce(t, m.merchantId);
  });
});

describe('settlement, anticipation and a refund of the same receivables at once', () => {
  it.each([1_000, 9_600, 21_000, 30_000])(
    'refund of %i: whatever the order, each receivable is paid once and no cent is created or lost',
    async (refundAmount) => {
      const m = await moneyMerchant(t, { feePercentage: 4, cashoutPrice: 0, clockTo: '2031-03-03T15:00:00Z' });
      const tr = await payCard(t, m, 30_000, 3);
      const [first] = await receivablesOf(t, m, tr.id);
      // A minute before the first installment's 03:00 UTC run: an anticipation dated today takes all three.
      await advanceTo(t, m, `${first!.payment_date}T02:59:00Z`);
      const quote = await ok(
        t,
        'POST',
        '/v1/anticipations/quotes',
        m.merchantKey,
        { bank_account_id: m.accountId },
        201,
      );
      expect(quote.items).toHaveLength(3);
      const [settled, created, refunded] = await Promise.all([
        runSettlement(
          { db: t.db.db, clock: t.deps.clock },
          { bankAccountId: m.accountId, paymentDate: first!.payment_date, runKey: 'date' },
          'race',
        ),
        send('POST', '/v1/anticipations', m.merchantKey, { request_id: randomUUID(), quote_id: quote.id }),
        send('POST', `/v1/transactions/${tr.id}/refunds`, m.merchantKey, { amount: refundAmount }),
      ]);
      expect(refunded.statusCode, refunded.body).toBe(201);
      expect([201, 409], created.body).toContain(created.statusCode);
      if (created.statusCode === 409) expect(reasonOf(created)).toBe('RECEIVABLES_CHANGED');
      await expectMoneyInvariants(t, m);
      // Then the anticipation's decision, the refund's outcome and the clock's run of the date, at once.
      const [decided, refundSettled, advanced] = await Promise.all([
        created.statusCode === 201
          ? send('POST', `/v1/platform/sandbox/anticipations/${created.json().id}/decision`, t.platformKey, {
              decision: 'APPROVED',
            })
          : null,
        send('POST', `/v1/platform/sandbox/refunds/${refunded.json().id}/settle`, t.platformKey, {
          status: 'SUCCEEDED',
        }),
        send('POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, { seconds: 3_600 }),
      ]);
      if (decided) {
        expect([200, 409], decided.body).toContain(decided.statusCode);
        if (decided.statusCode === 409) expect(['RECEIVABLES_CHANGED', undefined]).toContain(reasonOf(decided));
      }
      expect(refundSettled.statusCode, refundSettled.body).toBe(200);
      expect(advanced.statusCode, advanced.body).toBe(200);
      expect(settled === null || settled.paymentDate === first!.payment_date).toBe(true);
      await expectMoneyInvariants(t, m);
      await expectEachStepPostedOnce(t, m.merchantId);
      expect((await ok(t, 'GET', `/v1/transactions/${tr.id}`, m.merchantKey)).refunded_amount).toBe(refundAmount);
    },
  );
});

describe('a job that crashes half-way resumes without posting twice', () => {
  it("automatic anticipation: the crashed run anticipated one merchant's account; the retry does the other and not that one again", async () => {
    const m1 = await moneyMerchant(t, { feePercentage: 4, cashoutPrice: 0, clockTo: '2031-03-03T15:00:00Z' });
    const m2 = await moneyMerchant(t, { feePercentage: 4, cashoutPrice: 0, org: { id: m1.orgId, apiKey: m1.orgKey } });
    for (const [m, amount] of [
      [m1, 30_000],
      [m2, 20_000],
    ] as const) {
      await payCard(t, m, amount, 3);
      await ok(t, 'PATCH', `/v1/merchants/${m.merchantId}`, m1.orgKey, {
        anticipation_configurations: { automatic_enabled: true, delay_days: 1 },
      });
    }
    await advanceTo(t, m1, '2031-03-04T03:04:00Z');
    const [job] = await t.db.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, AUTOMATIC_ANTICIPATION_JOB), eq(jobs.organizationId, m1.orgId), eq(jobs.status, 'PENDING')),
      );
    expect(job!.runAt.toISOString()).toBe('2031-03-04T03:05:00.000Z');
    // What the crashed attempt left: it claimed the job, committed m1's anticipation, then the process died.
    await anticipateAutomatically(t.db.db, t.deps.clock, m1.accountId, 1, '2031-03-04', 'crashed-run');
    await t.db.db
      .update(jobs)
      .set({ attempts: 1, leaseToken: randomUUID(), lockedUntil: new Date(t.deps.clock.now().getTime() - 1_000) })
      .where(eq(jobs.id, job!.id));
    await advanceTo(t, m1, '2031-03-04T03:10:00Z');
    const list = (await ok(t, 'GET', '/v1/anticipations?type=AUTOMATIC&limit=100', m1.orgKey)).data;
    expect(list.map((a: any) => [a.bank_account_id, a.request_id, a.status]).sort()).toEqual(
      [m1, m2].map((m) => [m.accountId, `auto-anticipation:${m.accountId}:2031-03-04`, 'COMPLETED']).sort(),
    );
    const [rerun] = await t.db.db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(rerun!.status).toBe('DONE');
    for (const m of [m1, m2]) {
      await expectMoneyInvariants(t, m);
      await expectEachStepPostedOnce(t, m.merchantId);
      expect((await expectAccountBalance(t, m)).pending).toBe(0);
    }
  });

  it('every money job run again after a crash lost its completion (settlements, anticipation, automatic cashouts, dispute deadline) posts nothing twice', async () => {
    const { m } = await merchantWithDueJobs(t);
    await advanceTo(t, m, '2031-04-12T12:30:00Z');
    await expectMoneyInvariants(t, m);
    const done = await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.organizationId, m.orgId), eq(jobs.status, 'DONE')));
    const kinds = new Set(done.map((j) => j.kind));
    for (const k of [
      'receivables.settle',
      'anticipation.complete',
      'cashout.automatic-slot',
      'dispute.evidence-deadline',
    ])
      expect(kinds).toContain(k);
    const before = await moneySnapshot(t, m.merchantId);
    // As a runner that died after the work committed but before it marked the job done leaves them: claimed, lease expired.
    await t.db.db
      .update(jobs)
      .set({
        status: 'PENDING',
        attempts: 1,
        finishedAt: null,
        leaseToken: randomUUID(),
        lockedUntil: new Date(t.deps.clock.now().getTime() - 1_000),
      })
      .where(
        inArray(
          jobs.id,
          done.map((j) => j.id),
        ),
      );
    await ok(t, 'POST', `/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`, t.platformKey, { seconds: 1 });
    const again = await t.db.db
      .select()
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          done.map((j) => j.id),
        ),
      );
    expect(again.filter((j) => j.status !== 'DONE').map((j) => [j.kind, j.status, j.lastError])).toEqual([]);
    expect(await moneySnapshot(t, m.merchantId)).toEqual(before);
    await expectMoneyInvariants(t, m);
    await expectEachStepPostedOnce(t, m.merchantId);
  });
});

describe('two instances running jobs on one database', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'both advance the same clock while both runners poll: each job posts once (PostgreSQL only: PGlite is one in-memory database per app)',
    async () => {
      const second = await createTestApp({ sandboxAutopilot: false });
      try {
        const { m } = await merchantWithDueJobs(t);
        const target = '2031-04-12T12:30:00Z';
        const results = await Promise.all(
          [t, second].map((app) =>
            app.request({
              method: 'POST',
              url: `/core/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`,
              key: app.platformKey,
              payload: { to: target },
            }),
          ),
        );
        for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
        expect(results.some((r) => r.statusCode === 200)).toBe(true);
        // Whatever is still due ran on one of them: one more advance on each settles it.
        for (const app of [t, second])
          await app.request({
            method: 'POST',
            url: `/core/v1/platform/sandbox/organizations/${m.orgId}/clock/advance`,
            key: app.platformKey,
            payload: { seconds: 1 },
          });
        const pending = await t.db.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.organizationId, m.orgId), eq(jobs.status, 'FAILED')));
        expect(pending.map((j) => [j.kind, j.lastError])).toEqual([]);
        await expectMoneyInvariants(t, m);
        await expectEachStepPostedOnce(t, m.merchantId);
        const settlements = (
          await ok(t, 'GET', `/v1/settlements?bank_account_id=${m.accountId}&limit=100`, m.merchantKey)
        ).data;
        expect(settlements.length).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
    },
  );
});
