import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { assertBalanced, netByAccount } from '../../ledger/rules.js';
import { settlementPostings, sweepDateOf } from './receivables.sweep.js';

const account = { id: 'acc', organizationId: 'org', provider: 'P' };

describe('settlementPostings (M2 settlement + the organization sweep)', () => {
  it.each([
    { name: 'a merchant account', merchant: 900, org: 0, net: { 'acc:PENDING': -900, 'acc:AVAILABLE': 900 } },
    {
      name: "the organization's account",
      merchant: 0,
      org: 70,
      net: { 'revenue:org:P:REVENUE': -70, 'acc:AVAILABLE': 70 },
    },
    {
      name: 'an organization taking payments itself',
      merchant: 500,
      org: 30,
      net: { 'acc:PENDING': -500, 'revenue:org:P:REVENUE': -30, 'acc:AVAILABLE': 530 },
    },
    { name: 'nothing', merchant: 0, org: 0, net: {} },
  ])('$name', ({ merchant, org, net }) => {
    const postings = settlementPostings(account, merchant, org);
    if (postings.length > 0) assertBalanced(postings);
    expect(Object.fromEntries(netByAccount(postings))).toEqual(net);
  });

  it('always balances and moves exactly what is due to available', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 12), fc.nat(10 ** 12), (merchant, org) => {
        const postings = settlementPostings(account, merchant, org);
        if (merchant + org === 0) return postings.length === 0;
        assertBalanced(postings);
        return netByAccount(postings).get('acc:AVAILABLE') === merchant + org;
      }),
    );
  });
});

describe('sweepDateOf: prices and anticipation fees are swept by the run of the next São Paulo date', () => {
  it.each([
    ['2027-10-04T15:00:00Z', '2027-10-05'],
    ['2027-10-05T02:59:59Z', '2027-10-05'], // still October 4 in São Paulo
    ['2027-10-05T03:00:00Z', '2027-10-06'],
    ['2027-12-31T23:00:00Z', '2028-01-01'],
  ])('%s -> %s', (instant, date) => expect(sweepDateOf(new Date(instant))).toBe(date));
});
