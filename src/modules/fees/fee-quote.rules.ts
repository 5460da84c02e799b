import { type CivilDate } from '../../domain/business-calendar.js';
import { planReceivables } from '../../domain/receivables-schedule.js';
import type { PaymentMethod } from '../../domain/payment-methods.js';
import type { EffectivePolicy } from './effective-fee.js';
import { quote } from './fees.rules.js';

/**
 * The merchant fee quote (money.md M1): the fee the merchant's effective policy would take from a transaction and
 * the merchant's receivables, split and dated as an approval captured now would create them (M2). Pure: the
 * policy and the instant come in.
 */
export interface FeeQuoteTransaction {
  amount: number;
  payment_method: PaymentMethod;
  installments?: number;
  card_data?: { brand?: string };
}

export interface QuotedReceivable {
  installment: number;
  payment_date: CivilDate;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
}

export interface FeeQuote {
  /** Null when the merchant has no effective policy (then no fee: rule null, fee 0). */
  fee_policy_id: string | null;
  rule_id: string | null;
  fee_amount: number;
  net_amount: number;
  receivables: QuotedReceivable[];
}

export function feeQuote(policy: EffectivePolicy | null, tx: FeeQuoteTransaction, now: Date): FeeQuote {
  // The policy sees the installments a transaction would carry (P3's default is 1).
  const installments = tx.installments ?? 1;
  const priced = policy ? quote(policy.rules, { ...tx, installments }) : { rule_id: null, fee_amount: 0 };
  const receivables = planReceivables({
    method: tx.payment_method,
    capturedAt: now,
    amount: tx.amount,
    fee: priced.fee_amount,
    installments,
  })
    .filter((r) => r.role === 'MERCHANT')
    .map(({ installment, payment_date, gross_amount, fee_amount, net_amount }) => ({
      installment,
      payment_date,
      gross_amount,
      fee_amount,
      net_amount,
    }));
  return {
    fee_policy_id: policy?.id ?? null,
    rule_id: priced.rule_id,
    fee_amount: priced.fee_amount,
    net_amount: tx.amount - priced.fee_amount,
    receivables,
  };
}
