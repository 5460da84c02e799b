/**
 * What can go wrong when the platform asks a provider to do something. Adapters translate every failure
 * of theirs into one of three kinds, so callers decide by kind, never by message:
 * - `refused`: a definitive no (the provider looked at the request and will never do it). Only this kind
 *   may fail a resource.
 * - `unavailable`: nothing was submitted (connection refused, 5xx before acceptance, rate limited). Retrying
 *   with the same idempotency key is safe and may succeed.
 * - `unknown_outcome`: the request may have been applied (a timeout after sending, a dropped answer). The
 *   resource stays pending; a status sync (or a resubmission with the same key) finds out.
 * Adapters know no table, request or area and never throw HTTP errors; services map these to the envelope.
 */
export const PROVIDER_ERROR_KINDS = ['refused', 'unavailable', 'unknown_outcome'] as const;
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number];

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    /** The provider's reason, already mapped to our vocabulary (e.g. `ACCOUNT_BLOCKED`, `TIMEOUT`). */
    readonly code: string,
    message: string,
    /** The operation that failed, e.g. `internal-transfer.submit`. */
    readonly operation?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export const isProviderError = (err: unknown): err is ProviderError => err instanceof ProviderError;

export const refused = (code: string, message: string, operation?: string) =>
  new ProviderError('refused', code, message, operation);
export const unavailable = (message: string, operation?: string, code = 'PROVIDER_UNAVAILABLE') =>
  new ProviderError('unavailable', code, message, operation);
export const unknownOutcome = (message: string, operation?: string, code = 'TIMEOUT') =>
  new ProviderError('unknown_outcome', code, message, operation);

/**
 * The registry was asked for a provider that is not enabled, or for an operation the provider does not
 * offer (its capabilities do not list it). A configuration matter, not a provider answer: callers map it to
 * a 400 on the field that named the provider, or to a 502 when the provider came from stored data.
 */
export class ProviderNotCapable extends Error {
  constructor(
    readonly provider: string,
    readonly operation: string | null,
  ) {
    super(operation ? `Provider ${provider} does not offer ${operation}` : `Provider ${provider} is not enabled`);
    this.name = 'ProviderNotCapable';
  }
}
