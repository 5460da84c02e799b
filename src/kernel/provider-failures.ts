import { badRequest, DomainError } from './errors.js';
import { ProviderError, ProviderNotCapable } from './provider-errors.js';

/**
 * Where provider failures meet the envelope: adapters and the registry throw `ProviderError` /
 * `ProviderNotCapable`, and use cases turn them into domain errors with this. A refusal and an unreachable
 * provider are both 502 INTEGRATION_ERROR (retryable by the catalogue: a refusal may be temporary for the
 * client, e.g. a blocked account being unblocked); an unknown outcome says to retry with the same request_id.
 */
export function providerFailure(
  err: unknown,
  what: string,
  providerField?: { field: string; value: unknown },
): unknown {
  if (err instanceof ProviderNotCapable) {
    // A provider the client named: its field is wrong. One that came from stored data: our configuration.
    if (providerField) return badRequest(err.message, providerField.field, providerField.value);
    return new DomainError('INTEGRATION_ERROR', err.message);
  }
  if (!(err instanceof ProviderError)) return err;
  switch (err.kind) {
    case 'refused':
      return new DomainError('INTEGRATION_ERROR', `The provider refused the ${what}: ${err.message}`, {
        reason: err.code,
      });
    case 'unavailable':
      return new DomainError(
        'INTEGRATION_ERROR',
        `The provider is unavailable; nothing was submitted. Retry the ${what}`,
      );
    case 'unknown_outcome':
      return new DomainError(
        'INTEGRATION_ERROR',
        `The provider did not answer in time; retry the ${what} with the same request_id`,
      );
  }
}

/**
 * providers.md R8.1: `502` `details.reason: "PROVIDER_OUTCOME_UNKNOWN"`: the provider may have applied the
 * call; the platform finds out through its sync (capture, cancel) or its recovery job (a PIX charge), never by
 * guessing. `detail` says what the client sees next.
 */
export const outcomeUnknown = (what: string, detail: string) =>
  new DomainError('INTEGRATION_ERROR', `The provider did not confirm the ${what}; ${detail}`, {
    reason: 'PROVIDER_OUTCOME_UNKNOWN',
  });

/** providers.md R2.6: a definitive refusal of a capture or cancel, with the provider's code. */
export const providerRefused = (what: string, code: string, message?: string) =>
  new DomainError('INTEGRATION_ERROR', `The provider refused the ${what}${message ? `: ${message}` : ''}`, {
    reason: 'PROVIDER_REFUSED',
    provider_code: code,
  });
