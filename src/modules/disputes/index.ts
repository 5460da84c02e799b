// What other areas may use of disputes (anticipation: "a transaction with no open dispute", money.md M4).
// What refunds may not return again (the amounts disputes claim).
export { disputedAmountOf, hasOpenDispute } from './disputes.repo.js';
