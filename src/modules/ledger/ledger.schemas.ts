import { z } from 'zod';
import type { LedgerPostingRow, LedgerTransactionRow } from '../../db/schema/index.js';
import { commaList, listQuery } from '../../http/pagination.js';
import { uuid } from '../../http/schemas.js';
import { BALANCE_TYPES, LEDGER_CODES, SOURCE_TYPES } from '../../ledger/rules.js';
import { MISMATCH_CHECKS } from '../../ledger/replay.js';
import type { IntegrityReport } from '../../ledger/reads.js';

/** A signed amount bound (10^15 cents) keeps filter values inside exact integers and PostgreSQL bigint. */
const AMOUNT_BOUND = 1_000_000_000_000_000;
const signedAmount = () => z.coerce.number().int().min(-AMOUNT_BOUND).max(AMOUNT_BOUND);

export const entriesQuery = listQuery({
  sort: ['sequence'],
  amount: true,
  extra: {
    bank_account_id: uuid().optional(),
    company_id: uuid().optional(),
    balance_type: commaList(BALANCE_TYPES, { signed: false }).optional(),
    code: commaList(LEDGER_CODES, { signed: false }).optional(),
    source_type: commaList(SOURCE_TYPES, { signed: false }).optional(),
    source_id: uuid().optional(),
    // Entries are signed, so their amount range is too (inclusive, product.md §2).
    amount_from: signedAmount().optional(),
    amount_to: signedAmount().optional(),
  },
});

const sourceSchema = z.object({ type: z.enum(SOURCE_TYPES), id: z.string() });

export const entrySchema = z.object({
  id: z.string(),
  ledger_transaction_id: z.string(),
  sequence: z
    .number()
    .int()
    .meta({ description: 'Per bank account, strictly increasing without gaps across its four balances' }),
  bank_account_id: z.string(),
  company_id: z.string(),
  provider: z.string(),
  balance_type: z.enum(BALANCE_TYPES),
  amount: z.number().int().meta({ description: 'Signed: + increases that balance' }),
  resulting_balance: z.number().int().meta({ description: 'That balance right after this entry' }),
  code: z.enum(LEDGER_CODES),
  source: sourceSchema,
  created_at: z.string(),
});

const postingSchema = z.object({
  account: z.object({
    type: z.enum(['BANK_ACCOUNT', 'CLEARING', 'REVENUE']),
    bank_account_id: z
      .string()
      .nullable()
      .meta({ description: 'Null for clearing, revenue and accounts outside your reach' }),
    company_id: z.string().nullable().meta({ description: 'Null for clearing and accounts outside your reach' }),
    provider: z.string(),
    balance_type: z
      .enum(BALANCE_TYPES)
      .nullable()
      .meta({ description: 'The bank account balance posted to; null for clearing and revenue' }),
  }),
  direction: z.enum(['DEBIT', 'CREDIT']),
  amount: z.number().int().min(1),
});

export const ledgerTransactionSchema = z.object({
  id: z.string(),
  code: z.enum(LEDGER_CODES),
  source: sourceSchema,
  created_at: z.string(),
  postings: z.array(postingSchema),
});

export const integritySchema = z.object({
  providers: z.array(
    z.object({
      provider: z.string(),
      clearing: z
        .number()
        .int()
        .meta({ description: "Money held at the provider: the sum of its clearing account's entries" }),
      liabilities: z
        .number()
        .int()
        .meta({ description: "Sum of the bank accounts' pending + available + held, plus the organizations' revenue" }),
      debt: z.number().int(),
      difference: z.number().int().meta({ description: 'clearing - liabilities + debt: 0 when the books balance' }),
    }),
  ),
  mismatches: z.array(
    z.object({
      check: z.enum(MISMATCH_CHECKS),
      bank_account_id: z.string(),
      provider: z.string(),
      balance_type: z.enum(BALANCE_TYPES).nullable(),
      expected: z.number().int().nullable(),
      actual: z.number().int().nullable(),
    }),
  ),
});

type Code = (typeof LEDGER_CODES)[number];
type SourceType = (typeof SOURCE_TYPES)[number];
type BalanceType = (typeof BALANCE_TYPES)[number];
const source = (r: { sourceType: string; sourceId: string }) => ({ type: r.sourceType as SourceType, id: r.sourceId });

export function toEntryView(r: LedgerPostingRow): z.infer<typeof entrySchema> {
  return {
    id: r.id,
    ledger_transaction_id: r.transactionId,
    sequence: r.sequence ?? 0,
    bank_account_id: r.accountId,
    company_id: r.companyId ?? '',
    provider: r.provider,
    balance_type: r.balanceType as BalanceType,
    amount: r.delta,
    resulting_balance: r.resultingBalance ?? 0,
    code: r.code as Code,
    source: source(r),
    created_at: r.createdAt.toISOString(),
  };
}

/** Postings outside the caller's reach (other companies', clearing) name no company and no account. */
export function toLedgerTransactionView(
  t: LedgerTransactionRow,
  postings: (LedgerPostingRow & { inReach: boolean })[],
): z.infer<typeof ledgerTransactionSchema> {
  return {
    id: t.id,
    code: t.code as Code,
    source: source(t),
    created_at: t.createdAt.toISOString(),
    postings: postings.map((p) => ({
      account: {
        type: p.accountType,
        bank_account_id: p.accountType === 'BANK_ACCOUNT' && p.inReach ? p.accountId : null,
        company_id: p.inReach ? p.companyId : null,
        provider: p.provider,
        balance_type: p.accountType === 'BANK_ACCOUNT' ? (p.balanceType as BalanceType) : null,
      },
      direction: p.direction,
      amount: p.amount,
    })),
  };
}

export function toIntegrityView(r: IntegrityReport): z.infer<typeof integritySchema> {
  return {
    providers: r.providers,
    mismatches: r.mismatches.map((m) => ({
      check: m.check,
      bank_account_id: m.bankAccountId,
      provider: m.provider,
      balance_type: m.balanceType,
      expected: m.expected,
      actual: m.actual,
    })),
  };
}
