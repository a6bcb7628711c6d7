import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/index.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Structured JSON logs with a request id on every line; credentials and cookies are redacted. */
export function loggerParams(config: AppConfig): Params {
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
        ],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          // Query strings may carry OAuth codes or invitation tokens: log the path only.
          url: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req) => req.url === '/api/health' },
    },
  };
}
