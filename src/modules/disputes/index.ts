// What other areas may use of disputes (anticipation: "a transaction with no open dispute", money.md M4).
export { hasOpenDispute } from './disputes.repo.js';
