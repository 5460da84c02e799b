import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerInvariants } from '../helpers/ledger-invariants.js';
import { createSession, getSession, sessionBody } from '../helpers/three-ds.js';
import { createTx, payingMerchant } from '../helpers/transactions.js';
import { encryptFor } from '../helpers/cards.js';

/** P3 `three_ds.session_id`: the session's card and result pay a debit, once. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('transactions with a 3DS session', () => {
  it('a SUCCEEDED session pays a debit with its card and result, once; amount and installments must match', async () => {
    const { merchant } = await payingMerchant(t);
    const session = (
      await createSession(t, merchant.apiKey, await sessionBody(t, '4000000000002701', { amount: 4200 }))
    ).json();
    expect(session.status).toBe('SUCCEEDED');
    const wrongAmount = await createTx(t, merchant.apiKey, {
      payment_method: 'DEBIT_CARD',
      amount: 4300,
      three_ds: { session_id: session.id },
    });
    expect(wrongAmount.statusCode).toBe(409);
    expect(wrongAmount.json().error.details).toMatchObject({ field: 'amount' });
    const res = await createTx(t, merchant.apiKey, {
      payment_method: 'DEBIT_CARD',
      amount: 4200,
      three_ds: { session_id: session.id },
      card_data: { cvv: await encryptFor(t, '123', 'cvv') },
    });
    expect(res.statusCode, res.body).toBe(201);
    const tx = res.json();
    expect(tx).toMatchObject({
      status: 'APPROVED',
      payment_method: 'DEBIT_CARD',
      card_data: { bin: '400000', last_digits: '2701', funding: 'DEBIT', stored_card_id: null },
      three_ds: { source: 'SESSION', session_id: session.id, trans_status: 'Y', liability_shift: true },
    });
    expect(res.body).not.toMatch(/ev:v1:/);
    expect((await getSession(t, merchant.apiKey, session.id)).json().transaction_id).toBe(tx.id);
    const again = await createTx(t, merchant.apiKey, {
      payment_method: 'DEBIT_CARD',
      amount: 4200,
      three_ds: { session_id: session.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toMatchObject({ field: 'three_ds.session_id', value: 'USED' });
    const other = await payingMerchant(t);
    expect(
      (
        await createTx(t, other.merchant.apiKey, {
          payment_method: 'DEBIT_CARD',
          amount: 4200,
          three_ds: { session_id: session.id },
        })
      ).statusCode,
    ).toBe(404);
    await expectLedgerInvariants(t.db.db);
  });

  it('concurrent creates in one batch: each session used once, by one create; the others answer USED', async () => {
    const { merchant } = await payingMerchant(t);
    const sessions = await Promise.all(
      [0, 1].map(async () =>
        (await createSession(t, merchant.apiKey, await sessionBody(t, '4000000000002701', { amount: 1500 }))).json(),
      ),
    );
    // Four creates per session at once: the grouped recording locks and marks them together.
    const answers = await Promise.all(
      sessions.flatMap((session) =>
        [0, 1, 2, 3].map(async () =>
          createTx(t, merchant.apiKey, {
            payment_method: 'DEBIT_CARD',
            amount: 1500,
            three_ds: { session_id: session.id },
            card_data: { cvv: await encryptFor(t, '123', 'cvv') },
          }),
        ),
      ),
    );
    for (const [k, session] of sessions.entries()) {
      const mine = answers.slice(k * 4, k * 4 + 4);
      const created = mine.filter((a) => a.statusCode === 201);
      expect(created, mine.map((a) => a.body).join('\n')).toHaveLength(1);
      for (const refused of mine.filter((a) => a.statusCode !== 201)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error.details).toMatchObject({ field: 'three_ds.session_id', value: 'USED' });
      }
      expect((await getSession(t, merchant.apiKey, session.id)).json().transaction_id).toBe(created[0]!.json().id);
    }
    await expectLedgerInvariants(t.db.db);
  });
});
