/** The one error type services throw; the error handler turns it into the contract's envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
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
  | 'ENCRYPTION_REQUIRED';

export interface ValidationIssue {
  field: string;
  type: IssueType;
  message: string;
  value?: unknown;
  constraints?: Record<string, unknown>;
}

export const validationError = (issues: ValidationIssue[], message = 'Request validation failed') =>
  new ApiError(400, 'VALIDATION_ERROR', message, { issues });

/** One-issue validation error, for checks a schema cannot express (check digits against the database, etc.). */
export const invalidField = (field: string, type: IssueType, message: string, value?: unknown, constraints?: Record<string, unknown>) =>
  validationError([{ field, type, message, ...(value === undefined ? {} : { value }), ...(constraints ? { constraints } : {}) }]);

export const badRequest = (message: string, invalidField: string, receivedValue?: unknown) =>
  new ApiError(400, 'BAD_REQUEST', message, { invalidField, receivedValue: receivedValue ?? null });

export const unauthenticated = (reason: string) =>
  new ApiError(401, 'AUTHENTICATION_ERROR', 'Authentication failed', { reason });

export const forbidden = (message = 'Insufficient permissions') => new ApiError(403, 'AUTHORIZATION_ERROR', message);

export const notFound = (what = 'Resource') => new ApiError(404, 'RESOURCE_NOT_FOUND', `${what} not found`);

export const conflict = (message: string, field: string, value: unknown) =>
  new ApiError(409, 'CONFLICT_ERROR', message, { field, value });

export const invalidState = (message: string, details?: Record<string, unknown>) =>
  new ApiError(409, 'CONFLICT_ERROR', message, details);

export const integrationError = (message: string) => new ApiError(502, 'INTEGRATION_ERROR', message);

export const serviceUnavailable = (message: string) => new ApiError(503, 'SERVICE_UNAVAILABLE', message);
