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
} from './pix/pix-facts.js';
export { amountDue, DAYS_AFTER_DUE_DEFAULT, type PixDueJson } from './shared/pix-due.rules.js';
export { expectedPixAmount } from './pix/pix-payment.js';

// What other areas may use of transactions. Provider events (src/modules/provider-webhooks, R4.5):
export {
  applyCardFact,
  findRefundForFact,
  findTransactionForFact,
  lockTransactionRow,
  markAttemptVoided,
  oldestUnreferencedRefund,
  refundByProviderId,
  settleRefundByProvider,
  announcedTransactionOf,
  transactionRowExists,
  type CardFactMove,
  type TransactionCondition,
} from './provider-facts/provider-facts.js';

// What the composition root (src/composition.ts, src/deps.ts, src/areas.ts) takes of payments: routes,
// jobs, provider-operation handlers, event payloads and the dependencies its use cases are handed.
export { default as transactionsRoutes } from './create/transactions.routes.js';
export { default as threeDsRoutes } from './three-ds/three-ds.routes.js';
export { default as refundsRoutes } from './refunds/refunds.routes.js';
export { default as sandboxPaymentControlRoutes } from './sandbox/sandbox-controls.routes.js';
export { transactionJobs } from './create/transactions.jobs.js';
export { threeDsJobs } from './three-ds/three-ds.jobs.js';
export { threeDsOperationHandlers } from './three-ds/three-ds.operations.js';
export { transactionOperationJobs } from './capture-cancel/operations.jobs.js';
export { operationRuntime, transactionOperationHandlers } from './capture-cancel/operations.handlers.js';
export { refundOperationHandlers } from './refunds/refunds.operation.js';
export { operationDeps } from './capture-cancel/operations.context.js';
export { transactionDeps, type PaymentsHost, type TransactionDeps } from './shared/transactions.context.js';
export { paymentEventPayloads } from './events.js';
export { inProcessQrImages, threadQrImages, type QrImages } from './pix/qr-images.js';
