import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { encryptFor } from '../helpers/cards.js';
import { cardData, createTx, payingMerchant } from '../helpers/transactions.js';
import { transactions } from '../../src/db/schema/index.js';

/** payments.md P3: every rule of the create body answers its documented error, and nothing is stored. */
let t: TestApp;
let key: string;
let merchantId: string;
beforeAll(async () => {
  t = await createTestApp();
  const { merchant } = await payingMerchant(t);
  key = merchant.apiKey;
  merchantId = merchant.id;
});
afterAll(async () => t?.close());

const ext = (trans_status = 'Y') => ({
  version: '2.2.0',
  eci: '05',
  authentication_value: 'AAACBllleHchZTBWIGV4AAAAAAA=',
  ds_transaction_id: '8f6c1a0e-2b4d-4c9e-9a3b-6f0d5e7c1a2b',
  trans_status,
});
const issuesOf = (body: any) => (body.error.details?.issues ?? []).map((i: any) => ({ field: i.field, type: i.type }));

describe('P3 validation', () => {
  const cases: [string, () => Promise<Record<string, unknown>>, { field: string; type: string }[]][] = [
    [
      'amount 0',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 0, card_data: await cardData(t) }),
      [{ field: 'amount', type: 'TOO_SMALL' }],
    ],
    [
      'a decimal amount',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 10.5, card_data: await cardData(t) }),
      [{ field: 'amount', type: 'INVALID_TYPE' }],
    ],
    ['no amount', async () => ({ payment_method: 'PIX' }), [{ field: 'amount', type: 'REQUIRED' }]],
    ['no payment_method', async () => ({ amount: 100 }), [{ field: 'payment_method', type: 'REQUIRED' }]],
    [
      '13 installments',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 100, installments: 13, card_data: await cardData(t) }),
      [{ field: 'installments', type: 'TOO_LARGE' }],
    ],
    [
      'debit in 2 installments',
      async () => ({
        payment_method: 'DEBIT_CARD',
        amount: 100,
        installments: 2,
        card_data: await cardData(t),
        three_ds: { external: ext() },
      }),
      [{ field: 'installments', type: 'TOO_LARGE' }],
    ],
    [
      'PIX in 2 installments',
      async () => ({ payment_method: 'PIX', amount: 100, installments: 2 }),
      [{ field: 'installments', type: 'TOO_LARGE' }],
    ],
    [
      'debit without three_ds',
      async () => ({ payment_method: 'DEBIT_CARD', amount: 100, card_data: await cardData(t) }),
      [{ field: 'three_ds', type: 'REQUIRED' }],
    ],
    [
      'no card source',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 100 }),
      [{ field: 'card_data', type: 'REQUIRED' }],
    ],
    [
      'card_data without number or token',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 100, card_data: { holder_name: 'ANA LIMA' } }),
      [{ field: 'card_data.number', type: 'REQUIRED' }],
    ],
    [
      'a number without bin and last digits',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: { ...(await cardData(t)), bin: undefined, last_digits: undefined },
      }),
      [
        { field: 'card_data.bin', type: 'REQUIRED' },
        { field: 'card_data.last_digits', type: 'REQUIRED' },
      ],
    ],
    [
      'an expired card',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t, '4111111111111111', { expiry_year: '2020' }),
      }),
      [{ field: 'card_data.expiry_year', type: 'INVALID_FORMAT' }],
    ],
    [
      'a plaintext number',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t, '4111111111111111', { number: '4111111111111111' }),
      }),
      [{ field: 'card_data.number', type: 'ENCRYPTION_REQUIRED' }],
    ],
    [
      'a plaintext cvv',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t, '4111111111111111', { cvv: '123' }),
      }),
      [{ field: 'card_data.cvv', type: 'ENCRYPTION_REQUIRED' }],
    ],
    [
      'a cvv ciphertext as the number',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t, '4111111111111111', { number: await encryptFor(t, '4111111111111111', 'cvv') }),
      }),
      [{ field: 'card_data.number', type: 'DECRYPTION_FAILED' }],
    ],
    [
      'a plaintext network token',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: {
          network_token: '4111111111111111',
          cryptogram: 'abc',
          bin: '411111',
          last_digits: '1111',
          expiry_month: '12',
          expiry_year: '2031',
        },
      }),
      [
        { field: 'card_data.network_token', type: 'ENCRYPTION_REQUIRED' },
        { field: 'card_data.cryptogram', type: 'ENCRYPTION_REQUIRED' },
      ],
    ],
    [
      'an unknown field',
      async () => ({ payment_method: 'PIX', amount: 100, tip: 1 }),
      [{ field: 'tip', type: 'UNKNOWN_FIELD' }],
    ],
    [
      'a long statement descriptor',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t),
        statement_descriptor: 'FOURTEEN CHARS',
      }),
      [{ field: 'statement_descriptor', type: 'INVALID_FORMAT' }],
    ],
    [
      'a statement descriptor on PIX',
      async () => ({ payment_method: 'PIX', amount: 100, statement_descriptor: 'LOJA' }),
      [{ field: 'statement_descriptor', type: 'UNKNOWN_FIELD' }],
    ],
    [
      'a bad customer document',
      async () => ({ payment_method: 'PIX', amount: 100, customer: { document_number: '111.111.111-12' } }),
      [{ field: 'customer.document_number', type: 'INVALID_FORMAT' }],
    ],
    [
      'another currency',
      async () => ({ payment_method: 'PIX', amount: 100, currency: 'USD' }),
      [{ field: 'currency', type: 'INVALID_ENUM' }],
    ],
    [
      'a PIX amount above field 54',
      async () => ({ payment_method: 'PIX', amount: 1_000_000_000_000 }),
      [{ field: 'amount', type: 'TOO_LARGE' }],
    ],
    [
      'an amount beyond the safe range',
      async () => ({ payment_method: 'CREDIT_CARD', amount: 1e20, card_data: await cardData(t) }),
      [{ field: 'amount', type: 'TOO_LARGE' }],
    ],
    [
      'a bad external authentication value',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t),
        three_ds: { external: { ...ext(), authentication_value: 'short' } },
      }),
      [{ field: 'three_ds.external.authentication_value', type: 'INVALID_FORMAT' }],
    ],
    [
      'an unknown trans_status',
      async () => ({
        payment_method: 'CREDIT_CARD',
        amount: 100,
        card_data: await cardData(t),
        three_ds: { external: ext('X') },
      }),
      [{ field: 'three_ds.external.trans_status', type: 'INVALID_ENUM' }],
    ],
  ];

  for (const [name, body, expected] of cases) {
    it(`refuses ${name}`, async () => {
      const payload = await body();
      const res = await createTx(t, key, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(issuesOf(res.json())).toEqual(expect.arrayContaining(expected));
      // Card data is never echoed.
      expect(res.body).not.toContain('4111111111111111');
      expect(res.body).not.toMatch(/ev:v1:/);
    });
  }

  it('two card sources are a 400 on card_data (before any lookup of card_id), never echoing a card value', async () => {
    const missingCard = '2b8c7e0a-6f1d-4b8e-9c2a-5d3e1f0a7b6c';
    const res = await createTx(t, key, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_id: missingCard,
      card_data: await cardData(t),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      details: { invalidField: 'card_data', receivedValue: null },
    });
    expect(res.body).not.toMatch(/ev:v1:/);
    const withSession = await createTx(t, key, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_data: await cardData(t),
      three_ds: { session_id: missingCard },
    });
    expect(withSession.json().error.details).toMatchObject({ invalidField: 'card_data' });
    const cardIdAndFields = await createTx(t, key, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_id: missingCard,
      card_data: { expiry_month: '01' },
    });
    expect(cardIdAndFields.json().error.details).toMatchObject({ invalidField: 'card_data' });
    const bothThreeDs = await createTx(t, key, {
      payment_method: 'CREDIT_CARD',
      amount: 100,
      card_id: missingCard,
      three_ds: { external: ext(), session_id: missingCard },
    });
    expect(bothThreeDs.statusCode).toBe(400);
  });

  it('stored nothing for any refused body', async () => {
    expect(await t.db.db.select().from(transactions).where(eq(transactions.companyId, merchantId))).toEqual([]);
  });
});
