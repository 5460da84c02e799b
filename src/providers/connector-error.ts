import { ProviderError, type ProviderErrorKind } from './errors.js';

/**
 * A `ProviderError` of a real connector that also carries what the provider said (its error code and the
 * HTTP status), for envelopes such as R2.6's `details: { reason: "PROVIDER_REFUSED", provider_code }` and for
 * R2.2's classes (`PROVIDER_AUTH_FAILED`, `PROVIDER_RATE_LIMITED`, ...), which are its `code`.
 */
export class ConnectorError extends ProviderError {
  constructor(
    kind: ProviderErrorKind,
    code: string,
    message: string,
    operation: string,
    readonly providerCode: string | null = null,
    readonly httpStatus: number | null = null,
  ) {
    super(kind, code, message, operation);
    this.name = 'ConnectorError';
  }
}
