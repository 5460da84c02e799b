/**
 * The payment methods (payments.md): payments' own vocabulary, read by fees, routing and the receivables plan
 * too, so it lives here rather than in the payments area (src/modules/payments/shared/transactions.states.ts
 * re-exports it).
 */
export const PAYMENT_METHODS = ['CREDIT_CARD', 'DEBIT_CARD', 'PIX'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
