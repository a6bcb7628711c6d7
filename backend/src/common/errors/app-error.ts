/**
 * Domain errors. Services throw `new AppError('NOT_FOUND')` (a code of ERROR_CODES, optionally with a
 * message and details); the exception filter is the one place that turns a code into an HTTP status and
 * the `{message, code}` body (+ `details` when given) the frontend shows.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  NOT_AUTHENTICATED: { status: 401, message: 'Please sign in' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this' },
  CSRF_REJECTED: { status: 403, message: 'Request rejected: missing anti-forgery header' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'File size must be less than 10MB' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was used with another body in the last 24 hours',
  },
  RATE_LIMITED: { status: 429, message: 'Too many requests, please try again shortly' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'A service the product depends on is unavailable' },
  MARKETPLACE_NOT_CONNECTED: { status: 409, message: 'Connect your Faire account first' },
  MARKETPLACE_REFUSED: {
    status: 502,
    message: 'Faire refused the stored connection. Please reconnect your Faire account.',
  },
  MARKETPLACE_UNAVAILABLE: {
    status: 503,
    message: 'Faire is not answering right now. Please try again shortly.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}
