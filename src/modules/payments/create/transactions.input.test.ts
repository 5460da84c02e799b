import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertBalanced, deltaOf } from '../../../ledger/rules.js';
import { fingerprint } from '../../../kernel/idempotency.js';
import { approvalPostings } from '../shared/transactions.ledger.js';
import { cardDataIssue, cardFieldIssues, fingerprintBody } from './transactions.input.js';
import { cardResultChanges } from './transactions.outcome.js';
import { maskDocument, sandboxEndToEndId } from '../pix/transactions.pix.js';
import { END_TO_END_PATTERN } from '../../pix/brcode.js';
import type { CreateTransactionInput } from '../shared/transactions.schemas.js';

const bank = { id: 'b1', companyId: 'c1', organizationId: 'o1' };

describe('approval postings (money.md M3)', () => {
  it('clearing +A, merchant pending +(A-F), revenue +F; balanced for any amount and fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 2e12 }), (amount, fee) => {
        const postings = approvalPostings({
          provider: 'PROVIDER_A',
          organizationId: 'o1',
          bankAccount: bank,
          amount,
          fee,
        });
        assertBalanced(postings);
        const net = (type: string) =>
          postings.filter((p) => p.account.type === type).reduce((s, p) => s + deltaOf(p), 0);
        const f = Math.min(fee, amount);
        expect(net('CLEARING')).toBe(amount);
        expect(net('BANK_ACCOUNT')).toBe(amount - f);
        expect(net('REVENUE')).toBe(f);
      }),
    );
  });
  it('leaves out zero postings', () => {
    expect(
      approvalPostings({ provider: 'P', organizationId: 'o1', bankAccount: bank, amount: 100, fee: 0 }).map(
        (p) => p.account.type,
      ),
    ).toEqual(['CLEARING', 'BANK_ACCOUNT']);
    expect(
      approvalPostings({ provider: 'P', organizationId: 'o1', bankAccount: bank, amount: 100, fee: 100 }).map(
        (p) => p.account.type,
      ),
    ).toEqual(['CLEARING', 'REVENUE']);
  });
});

describe('request_id comparison (P3)', () => {
  const body = (number: string, cvv: string): CreateTransactionInput => ({
    payment_method: 'CREDIT_CARD',
    amount: 100,
    card_data: { number, cvv, bin: '411111', last_digits: '1111' },
  });
  it('ignores ev: values, nothing else', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(fingerprint(fingerprintBody(body(`ev:v1:${a}`, `ev:v1:${b}`)))).toBe(
          fingerprint(fingerprintBody(body('ev:v1:x', 'ev:v1:y'))),
        );
      }),
    );
    expect(fingerprint(fingerprintBody({ ...body('ev:1', 'ev:2'), amount: 101 }))).not.toBe(
      fingerprint(fingerprintBody(body('ev:1', 'ev:2'))),
    );
  });
});

describe('card fields a source needs', () => {
  const cases: [string, CreateTransactionInput['card_data'], 'number' | 'network_token' | 'card_id', string[]][] = [
    [
      'number, complete',
      { number: 'ev:', bin: '411111', last_digits: '1111', expiry_month: '01', expiry_year: '2030', holder_name: 'AB' },
      'number',
      [],
    ],
    [
      'number without bin or holder',
      { number: 'ev:', last_digits: '1111', expiry_month: '01', expiry_year: '2030' },
      'number',
      ['card_data.bin', 'card_data.holder_name'],
    ],
    [
      'token without cryptogram',
      { network_token: 'ev:', bin: '411111', last_digits: '1111', expiry_month: '01', expiry_year: '2030' },
      'network_token',
      ['card_data.cryptogram'],
    ],
    ['stored card with cvv only', { cvv: 'ev:' }, 'card_id', []],
  ];
  for (const [name, card, source, fields] of cases) {
    it(name, () => {
      expect(
        cardFieldIssues({ payment_method: 'CREDIT_CARD', amount: 1, card_data: card }, source).map((i) => i.field),
      ).toEqual(fields);
    });
  }
  it("maps the adapter's card data refusals to their fields", () => {
    const input: CreateTransactionInput = { payment_method: 'CREDIT_CARD', amount: 1, card_data: { bin: '555555' } };
    expect(cardDataIssue('DECRYPTION_FAILED', 'cvv', input)).toMatchObject({
      field: 'card_data.cvv',
      type: 'DECRYPTION_FAILED',
    });
    expect(cardDataIssue('DECRYPTION_FAILED', 'ntk', input)?.field).toBe('card_data.network_token');
    expect(cardDataIssue('CARD_BIN_MISMATCH', '', input)).toMatchObject({
      field: 'card_data.bin',
      type: 'INVALID_FORMAT',
      value: '555555',
    });
    expect(cardDataIssue('SOMETHING_ELSE', '', input)).toBeNull();
  });
});

describe('provider answers and PIX details', () => {
  const now = new Date('2026-01-02T03:04:05Z');
  const base = {
    providerPaymentId: 'p1',
    authorizedAmount: 100,
    capturedAmount: 0,
    authorizationCode: '123456',
    refusal: null,
  };
  it("maps each card status to the transaction's", () => {
    expect(cardResultChanges({ ...base, status: 'CAPTURED', capturedAmount: 100 }, { amount: 100 }, now)).toMatchObject(
      { status: 'APPROVED', capturedAmount: 100, authorizedAt: now, capturedAt: now },
    );
    expect(cardResultChanges({ ...base, status: 'AUTHORIZED' }, { amount: 100 }, now)).toMatchObject({
      status: 'AUTHORIZED',
      authorizedAt: now,
    });
    expect(cardResultChanges({ ...base, status: 'PROCESSING' }, { amount: 100 }, now).status).toBe('PROCESSING');
    expect(
      cardResultChanges(
        { ...base, status: 'REFUSED', refusal: { code: 'WEIRD', message: 'no', retryable: false } },
        { amount: 100 },
        now,
      ).refusal,
    ).toEqual({ code: 'CARD_DECLINED', message: 'no', provider_code: 'WEIRD', retryable: false });
  });
  it('end-to-end ids have the P2 shape; documents are masked', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (id, at) => {
          expect(sandboxEndToEndId(id, at)).toMatch(END_TO_END_PATTERN);
        },
      ),
    );
    expect(maskDocument('52998224725')).toBe('***.982.247-**');
    expect(maskDocument('11.222.333/0001-81')).toBe('**.222.333/0001-**');
    expect(maskDocument(null)).toBeNull();
  });
});
