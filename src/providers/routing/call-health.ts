import { ProviderError } from '../errors.js';
import type { CircuitCount } from './failover.js';

/**
 * How one provider call counts for its account's circuit breaker (providers.md R6.11), pure. R6.11 counts "every
 * provider call (creates, captures, cancels, refunds, syncs, registrations)": a technical failure is a call R2.2 /
 * R3.8 class NOT_SENT, AUTH_FAILED, RATE_LIMITED or UNKNOWN (here: `unavailable` other than the provider rejecting
 * the request, and `unknown_outcome`); any answer, a refusal included, is a success.
 *
 * - The routed calls of a create or a 3DS session (`card.authorize`, `pix.charge`, `three-ds.authenticate`) are
 *   counted by the attempt that made them (R6.7's table, the half-open probe): `NONE` here, never twice.
 * - Only payment operations move the payment breaker (docs/decisions/routing.md): the banking side (accounts,
 *   transfers, keys, cashouts, DICT) and the local parse of a webhook do not.
 * - A throw that is no provider answer (a bug, an account that cannot do the operation) says nothing: `NONE`.
 */

export const ROUTED_OPERATIONS: ReadonlySet<string> = new Set([
  'card.authorize',
  'pix.charge',
  'three-ds.authenticate',
]);

/** The operations whose calls count for the payment breaker and the account's latencies. */
export const isPaymentOperation = (operation: string) =>
  operation.startsWith('card.') || operation.startsWith('pix.') || operation.startsWith('three-ds.');

/** Whether a call's failure is technical (R6.11); null: the call got an answer. */
export function technicalFailureOf(error: unknown): boolean | null {
  if (error === null || error === undefined) return false;
  if (!(error instanceof ProviderError)) return null;
  if (error.kind === 'refused') return false;
  if (error.kind === 'unavailable') return error.code !== 'PROVIDER_REQUEST_REJECTED';
  return true;
}

export function circuitCountOf(operation: string, error: unknown): CircuitCount {
  if (!isPaymentOperation(operation) || ROUTED_OPERATIONS.has(operation)) return 'NONE';
  if (error instanceof ProviderError && error.kind === 'unavailable' && error.code === 'PROVIDER_REQUEST_REJECTED')
    return 'NONE';
  const technical = technicalFailureOf(error);
  if (technical === null) return 'NONE';
  return technical ? 'FAILURE' : 'SUCCESS';
}

/** The nearest-rank percentile `p` (0-1] of `values` (what PostgreSQL's percentile_disc answers); null when empty. */
export function percentileOf(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)];
}
