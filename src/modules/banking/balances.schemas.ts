import { z } from 'zod';
import { timestampFilter } from '../../http/pagination.js';
import type { Balances } from '../../ledger/rules.js';

const cents = (description: string) => z.number().int().meta({ description });

/** money.md M3: the four balances of a bank account, in integer cents. */
export const balanceFields = {
  pending: cents('The net of its PENDING receivables'),
  available: cents('Money the company may move or cash out'),
  held: cents('Open cashouts with their price, pending internal transfers, open dispute holds'),
  debt: cents('What the company owes when a debit found available short; every credit repays it first'),
};

export const accountBalanceSchema = z.object({
  bank_account_id: z.string(),
  company_id: z.string(),
  provider: z.string(),
  currency: z.literal('BRL'),
  ...balanceFields,
  anticipatable: cents(
    'What a SPOT anticipation could take now (the net of the eligible receivables; 0 with ?at=): docs/decisions/anticipation.md',
  ),
  as_of: z
    .string()
    .meta({ description: 'The instant these balances hold at: `at` when given, else now on the organization clock' }),
});
export type AccountBalanceView = z.infer<typeof accountBalanceSchema>;

export const merchantBalancesSchema = z.object({
  data: z.array(accountBalanceSchema),
  totals: z.object(balanceFields),
});

export const balanceQuery = z.strictObject({
  at: timestampFilter.optional().meta({
    description:
      'ISO 8601 instant: the balances then, replayed from the ledger entries (zeros before the account existed; not in the future)',
  }),
});

export function toAccountBalanceView(
  account: { id: string; companyId: string; provider: string },
  b: Balances,
  asOf: Date,
  anticipatable = 0,
): AccountBalanceView {
  return {
    bank_account_id: account.id,
    company_id: account.companyId,
    provider: account.provider,
    currency: 'BRL',
    pending: b.pending,
    available: b.available,
    held: b.held,
    debt: b.debt,
    anticipatable,
    as_of: asOf.toISOString(),
  };
}
