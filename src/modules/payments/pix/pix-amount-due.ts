import { z } from 'zod';
import type { TransactionRow } from '../../../db/schema/index.js';
import { conflictWithReason } from '../../../kernel/errors.js';
import { amountDue } from '../shared/pix-due.rules.js';
import type { CivilDate } from '../../../domain/business-calendar.js';

/** GET /v1/transactions/{id}/pix-amount-due (providers.md R3.4). */
export const pixAmountDueQuery = z.strictObject({ date: z.iso.date().optional() });

export const pixAmountDueSchema = z.object({
  transaction_id: z.string(),
  date: z.string(),
  payable: z.boolean(),
  original_amount: z.int(),
  discount_amount: z.int(),
  fine_amount: z.int(),
  interest_amount: z.int(),
  amount_due: z.int().nullable(),
  last_payable_date: z.string(),
});

/** The amount due on `date`; a transaction that is not a due-date PIX answers `409` `NOT_A_DUE_DATE_PIX`. */
export function pixAmountDueView(row: TransactionRow, date: CivilDate): z.infer<typeof pixAmountDueSchema> {
  const due = row.pix?.due;
  if (!due) throw conflictWithReason('The transaction is not a due-date PIX', 'pix.due', null, 'NOT_A_DUE_DATE_PIX');
  const a = amountDue(row.amount, due, date);
  return {
    transaction_id: row.id,
    date: a.date,
    payable: a.payable,
    original_amount: a.originalAmount,
    discount_amount: a.discountAmount,
    fine_amount: a.fineAmount,
    interest_amount: a.interestAmount,
    amount_due: a.amountDue,
    last_payable_date: a.lastPayableDate,
  };
}
