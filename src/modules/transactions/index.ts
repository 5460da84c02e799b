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
