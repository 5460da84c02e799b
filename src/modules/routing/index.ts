/** The routing area's face for other areas (transactions and 3DS sessions route through it). */
export { routePayment, type Route, type RouteInput } from './routing-route.js';
export { routingReadColumns, routingReadsOf, type RoutingReads } from './routing-snapshot.js';
export { recordOutcome } from './routing-outcomes.repo.js';
export { recordAttemptOutcome, recordResolvedAttempt } from './routing-record.js';
export {
  ATTEMPT_KINDS,
  claimAttemptOperation,
  closeAttemptOperations,
  attemptOperationRow,
  recordAttemptOperation,
  recordAttemptOperations,
  recordAttemptOperationsStatement,
} from './attempt-operations.js';
