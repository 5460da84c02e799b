import { eventually } from '../helpers/poll.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxAutopilot: true, sandboxAutopilotDelayMs: 5 });
});
afterAll(async () => t?.close());
afterEach(async () => expectLedgerInvariants(t.db.db));

const waitFor = <T>(read: () => Promise<T>, done: (v: T) => boolean) =>
  eventually(read, done, 'the autopilot', 10_000, 25);

describe('sandbox autopilot', () => {
  it('moves an accepted transfer PENDING -> PROCESSING -> COMPLETED and settles the balances', async () => {
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
    const a = await open();
    const b = await open();
    await t.request({
      method: 'POST',
      url: `/core/v1/platform/sandbox/bank-accounts/${a.id}/deposits`,
      key: t.platformKey,
      payload: { amount: 900 },
    });
    const tr = (
      await t.request({
        method: 'POST',
        url: '/core/v1/banking/internal-transfers',
        key: org.apiKey,
        payload: { request_id: 'auto-1', origin_bank_account_id: a.id, destination_bank_account_id: b.id, amount: 400 },
      })
    ).json();
    const done = await waitFor(
      async () =>
        (
          await t.request({ method: 'GET', url: `/core/v1/banking/internal-transfers/${tr.id}`, key: org.apiKey })
        ).json(),
      (v) => v.status === 'COMPLETED',
    );
    expect(done.status).toBe('COMPLETED');
    const bal = async (id: string) =>
      (await t.request({ method: 'GET', url: `/core/v1/banking/bank-accounts/${id}`, key: org.apiKey })).json().balance;
    expect(await bal(a.id)).toEqual({ available: 500, held: 0, pending: 0, debt: 0 });
    expect(await bal(b.id)).toEqual({ available: 400, held: 0, pending: 0, debt: 0 });
  });
});
