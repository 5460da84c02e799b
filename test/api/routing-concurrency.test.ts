import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { eventsOf } from '../helpers/onboarding.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { cardPayment, createTx, payingMerchant } from '../helpers/transactions.js';
import { providerOperations, transactions } from '../../src/db/schema/index.js';
import type { SandboxProvider } from '../../src/providers/sandbox.js';

/**
 * Issue 26's concurrency bar: 100 concurrent creates while PROVIDER_A's circuit opens and closes (a seeded share of
 * its calls fail technically, a low threshold, a 1 s cool-down) and PROVIDER_B fails some too: every create is
 * answered with a transaction or a clean 502; none is charged twice; none is lost (each 502 succeeds later under its
 * request_id, each transaction replays as it is).
 */
let t: TestApp;
let sandbox: SandboxProvider;
const A = '00000000-0000-4000-8000-0000000000a1';
const B = '00000000-0000-4000-8000-0000000000b1';
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: false });
  sandbox = t.deps.providers.get('PROVIDER_A') as SandboxProvider;
});
afterAll(async () => {
  // The accounts are shared by every test file of this worker's database: leave them as found, whatever happened.
  for (const id of [A, B]) {
    await staff('DELETE', `/platform/sandbox/provider-accounts/${id}/behaviour`);
    await staff('POST', `/platform/provider-accounts/${id}/circuit`, { state: 'CLOSED' });
    await staff('PATCH', `/platform/provider-accounts/${id}`, {
      circuit_breaker: { failure_threshold: 5, cooldown_seconds: 30 },
    });
  }
  await t?.close();
});

const staff = (method: 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/core/v1${url}`, key: t.platformKey, ...(payload === undefined ? {} : { payload }) });

describe('100 concurrent creates while the breaker moves', () => {
  it('each is a transaction or a clean 502; none charged twice; none lost', async () => {
    const { org, merchant } = await payingMerchant(t, ['PROVIDER_A', 'PROVIDER_B']);
    await staff('PATCH', `/platform/provider-accounts/${A}`, {
      circuit_breaker: { failure_threshold: 3, cooldown_seconds: 1 },
    });
    await staff('PUT', `/platform/sandbox/provider-accounts/${A}/behaviour`, {
      technical_failure: { kind: 'UNAVAILABLE', rate_percent: 45 },
      seed: 'conc-a',
    });
    await staff('PUT', `/platform/sandbox/provider-accounts/${B}/behaviour`, {
      technical_failure: { kind: 'UNAVAILABLE', rate_percent: 30 },
      seed: 'conc-b',
    });
    const amount = 1000;
    const bodies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => cardPayment(t, '4111111111111111', { request_id: `conc-${i}`, amount })),
    );
    const answers: { statusCode: number; json: () => any }[] = [];
    // Four waves of 25 with the cool-down between them, so the circuit opens, half-opens and closes meanwhile.
    for (let w = 0; w < 4; w++) {
      answers.push(
        ...(await Promise.all(bodies.slice(w * 25, w * 25 + 25).map((b) => createTx(t, merchant.apiKey, b)))),
      );
      await new Promise((r) => setTimeout(r, 1050));
    }
    for (const a of answers) {
      expect([201, 502]).toContain(a.statusCode);
      if (a.statusCode === 502) expect(a.json().error.details.reason).toBe('PROVIDERS_UNAVAILABLE');
      else expect(a.json().status).toBe('APPROVED');
    }
    const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json());
    // Every transaction's deciding attempt reached its account exactly once; nothing stored for the 502s.
    for (const tx of created) expect(sandbox.faults.calls('card.authorize', tx.attempts.at(-1).id)).toBe(1);
    const rows = await t.db.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.companyId, merchant.id)));
    expect(rows).toHaveLength(created.length);
    expect(rows.every((r) => r.announced)).toBe(true);
    // The breaker's moves chain (each event starts where the previous ended).
    const moves = (await eventsOf(t, org.id, 'provider-account.health-changed'))
      .map((e) => e.payload)
      .filter((p) => p.provider === 'PROVIDER_A');
    for (let i = 1; i < moves.length; i++) expect(moves[i]!.old_state).toBe(moves[i - 1]!.new_state);
    // The scenario did what it is for: the circuit opened, and some creates found no one.
    expect(moves.some((m) => m.new_state === 'OPEN')).toBe(true);
    expect(answers.some((a) => a.statusCode === 502)).toBe(true);

    // None lost: with the providers well again, every 502 succeeds under its request_id and every 201 replays.
    await staff('DELETE', `/platform/sandbox/provider-accounts/${A}/behaviour`);
    await staff('DELETE', `/platform/sandbox/provider-accounts/${B}/behaviour`);
    await staff('POST', `/platform/provider-accounts/${A}/circuit`, { state: 'CLOSED' });
    await staff('POST', `/platform/provider-accounts/${B}/circuit`, { state: 'CLOSED' });
    const again = await Promise.all(bodies.map((b) => createTx(t, merchant.apiKey, b)));
    for (const [i, a] of again.entries()) {
      expect(a.statusCode).toBe(answers[i]!.statusCode === 201 ? 200 : 201);
      if (answers[i]!.statusCode === 201) expect(a.json().id).toBe(answers[i]!.json().id);
    }
    expect(await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchant.id))).toHaveLength(100);
    expect(await eventsOf(t, merchant.id, 'transaction.created')).toHaveLength(100);
    // Charged once at one account: each transaction's attempts are its provider operations (R6.8), one per account
    // it called, under the attempt's key, the 502s' ones re-opened by the retry; exactly one got the payment, and
    // none is left open.
    // Only the create attempts: the merchant's first payment at each account also opened its bank account there.
    const ops = await t.db.db
      .select()
      .from(providerOperations)
      .where(and(eq(providerOperations.companyId, merchant.id), eq(providerOperations.kind, 'transaction.authorize')));
    const final = await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchant.id));
    expect(new Set(ops.map((o) => o.resourceId))).toEqual(new Set(final.map((r) => r.id)));
    for (const row of final) {
      const mine = ops.filter((o) => o.resourceId === row.id);
      expect(mine.filter((o) => o.status === 'SUCCEEDED')).toHaveLength(1);
      expect(mine.filter((o) => o.status === 'PENDING')).toHaveLength(0);
      expect(new Set(mine.map((o) => o.provider)).size).toBe(mine.length);
      const deciding = mine.find((o) => o.status === 'SUCCEEDED')!;
      expect(deciding.provider).toBe(row.provider);
      expect(row.attempts!.some((a) => a.id === deciding.id && a.outcome === 'APPROVED')).toBe(true);
    }
    const balances = (
      await t.request({ method: 'GET', url: `/core/v1/merchants/${merchant.id}/balances`, key: merchant.apiKey })
    ).json();
    expect(balances.totals.pending).toBe(100 * amount);
    await expectLedgerInvariants(t.db.db);
    await staff('PATCH', `/platform/provider-accounts/${A}`, {
      circuit_breaker: { failure_threshold: 5, cooldown_seconds: 30 },
    });
  }, 180_000);
});
