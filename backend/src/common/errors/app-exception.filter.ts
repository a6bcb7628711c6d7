import { ArgumentsHost, Catch, HttpException, Logger, type ExceptionFilter } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable } from '../database/unavailable.js';
import { BODY_TOO_LARGE_MESSAGE, FILE_TOO_LARGE_MESSAGE } from '../http/edge.middleware.js';
import { AppError } from './app-error.js';

/** What a request is told while the database (or a health check's dependency) is away (decision 0039). */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
/** Seconds a client is asked to wait before trying again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** An outage is over when no request met it for this long; the next one is logged again. */
const OUTAGE_QUIET_MS = 30_000;

interface ErrorBody {
  message: string;
  code?: string;
  errorId?: string;
  details?: Record<string, unknown>;
}

/**
 * Maps every error to `{message}` (+ a code). Unknown errors become a 500 with an error id that is
 * logged with the stack; the body never carries a stack or internal text. The database being away is
 * not an unknown error: every request that meets it (the session is read first, so any signed-in one)
 * is answered 503 "Service temporarily unavailable" with Retry-After, logged once per outage.
 */
@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');
  /** When a request last met the database away (0: not in an outage). */
  private outageSeenAt = 0;

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const { status, body } = this.toResponse(exception, req);
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 503) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    const wait = exception instanceof AppError ? exception.details?.retryAfterSeconds : undefined;
    if (status === 429 && typeof wait === 'number') res.setHeader('Retry-After', String(wait));
    res.status(status).json(body);
  }

  private databaseAway(exception: unknown): { status: number; body: ErrorBody } {
    const now = Date.now();
    if (now - this.outageSeenAt > OUTAGE_QUIET_MS) {
      const reason = exception instanceof Error ? exception.message : String(exception);
      this.logger.warn(`The database is unavailable (${reason}); answering 503 until it is back`);
    }
    this.outageSeenAt = now;
    return { status: 503, body: { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } };
  }

  private toResponse(exception: unknown, req: Request): { status: number; body: ErrorBody } {
    if (isDatabaseUnavailable(exception)) return this.databaseAway(exception);
    if (exception instanceof AppError) {
      return {
        status: exception.status,
        body: {
          message: exception.message,
          code: exception.code,
          ...(exception.details ? { details: exception.details } : {}),
        },
      };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      let message = exception.message;
      if (typeof response === 'object' && 'message' in response) {
        const m = response.message;
        message = Array.isArray(m) ? m.map(String).join('; ') : String(m);
      }
      // multer's file limit says "File too large"; any other 413 is a JSON or form body over its limit.
      if (status === 413) {
        message = message === 'File too large' ? FILE_TOO_LARGE_MESSAGE : BODY_TOO_LARGE_MESSAGE;
      }
      if (status === 503 && typeof response === 'object') {
        // Deliberate "unavailable" answers (the health check) carry their own details.
        return { status, body: { message: UNAVAILABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE', ...response } };
      }
      if (status >= 500) return this.unknown(exception, req);
      if (status === 400) message = MULTIPART_MESSAGES[message] ?? message;
      return { status, body: { message, code: codeForStatus(status) } };
    }
    if (isBodyParserError(exception)) {
      return {
        status: exception.status,
        body: { message: bodyParserMessage(exception), code: codeForStatus(exception.status) },
      };
    }
    return this.unknown(exception, req);
  }

  private unknown(exception: unknown, req: Request): { status: number; body: ErrorBody } {
    const errorId = randomUUID();
    this.logger.error(
      { err: exception, errorId, method: req.method, url: req.originalUrl },
      `Unhandled error ${errorId} on ${req.method} ${req.path}`,
    );
    return {
      status: 500,
      body: { message: `Something went wrong on our side. Error id: ${errorId}`, code: 'INTERNAL', errorId },
    };
  }
}

/** multer's terse messages, said the way a person understands them. */
const MULTIPART_MESSAGES: Record<string, string> = {
  'Unexpected file field': 'Unexpected file field: send one CSV file in the field "csv"',
  'Too many files': 'Too many files: send one CSV file per upload',
  'Too many fields': 'Too many form fields: send the CSV file and, optionally, columnMapping',
  'Too many parts': 'Too many form fields: send the CSV file and, optionally, columnMapping',
  'Field name too long': 'A form field name is too long',
  'Field value too long': 'A form field value is too long',
};

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'VALIDATION_FAILED';
    case 401:
      return 'NOT_AUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'ERROR';
  }
}

function isBodyParserError(e: unknown): e is { status: number; type: string; message: string } {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { status?: unknown }).status === 'number' &&
    typeof (e as { type?: unknown }).type === 'string' &&
    (e as { status: number }).status < 500
  );
}

function bodyParserMessage(e: { status: number; type: string; message: string }): string {
  if (e.type === 'entity.parse.failed') return 'The request body is not valid JSON';
  if (e.type === 'entity.too.large') return BODY_TOO_LARGE_MESSAGE;
  if (e.type === 'entity.too.deep') return e.message;
  if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
    return 'The request body must be UTF-8 text';
  }
  return 'The request body could not be read';
}
