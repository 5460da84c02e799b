/**
 * The one catalogue of error codes (platform-api.md's envelope): each code has its HTTP status and whether a
 * client may retry the same request unchanged. Services, jobs and adapters' callers throw `DomainError`; only
 * `src/http/` turns it into the envelope, so a use case runs the same from a request, a job or a webhook.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_ERROR: { status: 400, retryable: false },
  BAD_REQUEST: { status: 400, retryable: false },
  AUTHENTICATION_ERROR: { status: 401, retryable: false },
  AUTHORIZATION_ERROR: { status: 403, retryable: false },
  RESOURCE_NOT_FOUND: { status: 404, retryable: false },
  METHOD_NOT_ALLOWED: { status: 405, retryable: false },
  REQUEST_TIMEOUT: { status: 408, retryable: true },
  CONFLICT_ERROR: { status: 409, retryable: false },
  PAYLOAD_TOO_LARGE: { status: 413, retryable: false },
  URI_TOO_LONG: { status: 414, retryable: false },
  TOO_MANY_REQUESTS: { status: 429, retryable: true },
  HEADERS_TOO_LARGE: { status: 431, retryable: false },
  INTERNAL_SERVER_ERROR: { status: 500, retryable: true },
  INTEGRATION_ERROR: { status: 502, retryable: true },
  SERVICE_UNAVAILABLE: { status: 503, retryable: true },
} as const satisfies Record<string, { status: number; retryable: boolean }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The one error type use cases throw; `src/http/` maps it to the contract's envelope. */
export class DomainError extends Error {
  readonly status: number;
  readonly retryable: boolean;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    /** Only for framework errors carrying their own 4xx (e.g. 414, 431): the code's status otherwise. */
    status?: number,
  ) {
    super(message);
    this.name = 'DomainError';
    this.status = status ?? ERROR_CATALOGUE[code].status;
    this.retryable = ERROR_CATALOGUE[code].retryable;
  }
}

export type IssueType =
  | 'REQUIRED'
  | 'INVALID_TYPE'
  | 'INVALID_FORMAT'
  | 'INVALID_ENUM'
  | 'TOO_SMALL'
  | 'TOO_LARGE'
  | 'UNKNOWN_FIELD'
  | 'ENCRYPTION_REQUIRED'
  | 'DECRYPTION_FAILED';

export interface ValidationIssue {
  field: string;
  type: IssueType;
  message: string;
  value?: unknown;
  constraints?: Record<string, unknown>;
}

export const validationError = (issues: ValidationIssue[], message = 'Request validation failed') =>
  new DomainError('VALIDATION_ERROR', message, { issues });

/** One-issue validation error, for checks a schema cannot express (check digits against the database, etc.). */
export const invalidField = (
  field: string,
  type: IssueType,
  message: string,
  value?: unknown,
  constraints?: Record<string, unknown>,
) =>
  validationError([
    { field, type, message, ...(value === undefined ? {} : { value }), ...(constraints ? { constraints } : {}) },
  ]);

export const badRequest = (message: string, invalidField: string, receivedValue?: unknown) =>
  new DomainError('BAD_REQUEST', message, { invalidField, receivedValue: receivedValue ?? null });

export const unauthenticated = (reason: string) =>
  new DomainError('AUTHENTICATION_ERROR', 'Authentication failed', { reason });

export const forbidden = (message = 'Insufficient permissions') => new DomainError('AUTHORIZATION_ERROR', message);

export const notFound = (what = 'Resource') => new DomainError('RESOURCE_NOT_FOUND', `${what} not found`);

export const conflict = (message: string, field: string, value: unknown) =>
  new DomainError('CONFLICT_ERROR', message, { field, value });

/** A 409 naming why (money.md: `details: { field, value, reason }`). */
export const conflictWithReason = (
  message: string,
  field: string,
  value: unknown,
  reason: string,
  extra?: Record<string, unknown>,
) => new DomainError('CONFLICT_ERROR', message, { field, value, reason, ...extra });

export const invalidState = (message: string, details?: Record<string, unknown>) =>
  new DomainError('CONFLICT_ERROR', message, details);

export const integrationError = (message: string) => new DomainError('INTEGRATION_ERROR', message);

export const serviceUnavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', message);
