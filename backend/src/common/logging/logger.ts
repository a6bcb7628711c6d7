import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { stdSerializers } from 'pino';
import type { AppConfig } from '../config/index.js';
import type { LoggerParams } from './logger.module.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Structured JSON logs with a request id on every line; credentials and cookies are redacted. */
export function loggerParams(config: AppConfig): LoggerParams {
  return {
    pinoHttp: {
      level: config.log.level,
      ...(config.log.pretty ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-faire-access-token"]',
          'req.headers["x-faire-oauth-access-token"]',
          'req.headers["x-faire-app-credentials"]',
          'res.headers["set-cookie"]',
          '*.token',
          '*.accessToken',
          '*.access_token',
          '*.secret',
          '*.password',
          '*.apiKey',
          '*.apiSecret',
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          // Query strings may carry OAuth codes or invitation tokens: log the path only, and never a
          // webhook's token (its path is its only authentication, decision 0036).
          url: req.url.split('?')[0]!.replace(/^(\/api\/hooks\/[^/]+\/)[^/]+/, '$1[redacted]'),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: safeErr,
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}

const SQL_VALUE_KEYS = new Set(['parameters', 'detail', 'where', 'driverError']);

/**
 * The standard error serializer, minus anything that carries SQL parameter values: a failed query keeps
 * its SQL text and error code, never the values it was run with (they can be emails, tokens, CSV cells).
 */
export function safeErr(err: unknown): unknown {
  if (!err || typeof err !== 'object' || typeof (err as { message?: unknown }).message !== 'string') {
    return err;
  }
  // pino-http hands custom serializers the already-serialized error; direct callers pass an Error.
  const out = (err instanceof Error ? stdSerializers.err(err) : err) as unknown as Record<string, unknown>;
  const isSql = ['query', 'parameters', 'driverError', 'routine'].some((k) => k in out);
  for (const key of Object.keys(out)) if (SQL_VALUE_KEYS.has(key)) delete out[key];
  if (isSql) {
    // Postgres quotes the offending value in some messages: invalid input syntax for type uuid: "...".
    out.message = stripQuotedValue(String(out.message));
    if (typeof out.stack === 'string') out.stack = stripQuotedValue(out.stack);
  }
  return out;
}

function stripQuotedValue(text: string): string {
  return text.replace(/(: )"[^"\n]*"/g, '$1"…"').replace(/(\(\S+\)=)\([^)\n]*\)/g, '$1(…)');
}
