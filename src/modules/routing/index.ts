/** The routing area's face for other areas (transactions and 3DS sessions route through it). */
export { routePayment, type Route, type RouteInput } from './routing-route.js';
export { routingReadColumns, routingReadsOf, type RoutingReads } from './routing-snapshot.js';
// A create's outcome writes its deciding attempt's window entry with its own statement (transactions.outcome.ts).
export { recordOutcome, outcomesInsertStatement as windowEntriesStatement } from './routing-outcomes.repo.js';
export {
  recordAttemptCircuit,
  recordAttemptOutcome,
  recordResolvedAttempt,
  windowEntriesWritten,
  windowEntryOf,
  type FinishedAttempt,
  type WindowEntry,
} from './routing-record.js';
export {
  ATTEMPT_KINDS,
  claimAttemptOperation,
  closeAttemptOperations,
  attemptOperationRow,
  recordAttemptOperation,
  recordAttemptOperations,
  recordAttemptOperationsStatement,
} from './attempt-operations.js';
