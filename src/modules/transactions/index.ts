/**
 * The transactions area's face for other areas. Every PIX fact from a provider (a PSP callback, a sandbox
 * `charge.updated`, a read) is applied by one path, `applyPixFactsIn` (providers.md R3.5-R3.7, R4.5); the PIX read
 * of a sync is `syncPixCharge`.
 */
export {
  applyPixChargeFacts,
  applyPixFactsIn,
  findByTxid,
  syncPixCharge,
  type PixChargeFacts,
  type PixFactsDeps,
  type PixFactsOutcome,
  type PixFactsSource,
} from './pix-facts.js';
export { amountDue, type PixDueJson } from './pix-due.rules.js';
export { expectedPixAmount } from './pix-payment.js';

// What other areas may use of transactions. Provider events (src/modules/provider-webhooks, R4.5):
export {
  applyCardFact,
  findRefundForFact,
  findTransactionForFact,
  lockTransactionRow,
  oldestUnreferencedRefund,
  refundByProviderId,
  settleRefundByProvider,
  transactionByProviderReference,
  transactionByEndToEndId,
  transactionByTxid,
  type CardFactMove,
} from './provider-facts.js';
