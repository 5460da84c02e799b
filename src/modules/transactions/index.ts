/**
 * The transactions area's face for other areas. The provider-webhooks ingestion applies API Pix callbacks
 * through `applyPixChargeFacts` (providers.md R3.5-R3.7); the PIX read of a sync through `syncPixCharge`.
 */
export {
  applyPixChargeFacts,
  findByTxid,
  syncPixCharge,
  type PixChargeFacts,
  type PixFactsDeps,
  type PixFactsOutcome,
} from './pix-facts.js';
export { amountDue, type PixDueJson } from './pix-due.rules.js';
export { expectedPixAmount } from './pix-payment.js';

// What other areas may use of transactions. Provider events (src/modules/provider-webhooks, R4.5):
export {
  applyCardFact,
  applyPixFact,
  findRefundForFact,
  findTransactionForFact,
  lockTransactionRow,
  oldestUnreferencedRefund,
  refundByProviderId,
  settleRefundByProvider,
  transactionByProviderReference,
  transactionByTxid,
  type CardFactMove,
  type PixFactMove,
} from './provider-facts.js';
