// What other areas may use of disputes (anticipation: "a transaction with no open dispute", money.md M4).
// What refunds may not return again (the amounts disputes claim).
export { disputedAmountOf, hasOpenDispute } from './disputes.repo.js';
// Provider dispute events (providers.md R2.9, Changes 10): open and move a dispute with M6's moves, in the caller's transaction.
export { latestDisputeOf } from './disputes.repo.js';
export { moveDispute, openDisputeIn } from './disputes.service.js';
