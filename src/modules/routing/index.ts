/** The routing area's face for other areas (transactions and 3DS sessions route through it). */
export { routePayment, type Route, type RouteInput } from './routing-route.js';
export { routingReadColumns, routingReadsOf, type RoutingReads } from './routing-snapshot.js';
export { recordOutcome } from './routing-outcomes.repo.js';
export {
  recordAttemptCircuit,
  recordAttemptOutcome,
  recordResolvedAttempt,
  windowEntriesStatement,
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
