import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Global,
  Inject,
  Injectable,
  Module,
  RequestMethod,
  type DynamicModule,
  type LoggerService,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { pinoHttp, type HttpLogger, type Options } from 'pino-http';

/** What `LoggerModule.forRoot` takes: pino-http's options (logger.ts). */
export interface LoggerParams {
  pinoHttp: Options<IncomingMessage, ServerResponse>;
}

const HTTP_LOGGER = Symbol('HTTP_LOGGER');

/** The request's logger (with its id) while a request is handled; the root logger otherwise. */
const requestLogs = new AsyncLocalStorage<Pino>();

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/**
 * NestJS's logger on pino: structured JSON lines, each carrying the request's id inside a request. Does
 * what nestjs-pino's `Logger` did (its contract: the last extra parameter is the context), which this
 * replaces because its releases for NestJS 12 ask for Node 22.12 and the product runs on Node 20.
 */
@Injectable()
export class Logger implements LoggerService {
  constructor(@Inject(HTTP_LOGGER) private readonly http: HttpLogger) {}

  verbose(message: unknown, ...params: unknown[]): void {
    this.call('trace', message, params);
  }
  debug(message: unknown, ...params: unknown[]): void {
    this.call('debug', message, params);
  }
  log(message: unknown, ...params: unknown[]): void {
    this.call('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.call('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.call('error', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.call('fatal', message, params);
  }

  private call(level: Level, message: unknown, optional: unknown[]): void {
    const logger = requestLogs.getStore() ?? this.http.logger;
    const fields: Record<string, unknown> = {};
    let rest: unknown[] = [];
    if (optional.length > 0) {
      fields.context = optional[optional.length - 1];
      rest = optional.slice(0, -1);
    }
    if (typeof message === 'object' && message !== null) {
      if (message instanceof Error) fields.err = message;
      else Object.assign(fields, message);
      Reflect.apply(logger[level], logger, [fields, ...rest]);
    } else if (isStackContract(level, message, rest)) {
      // NestJS's exception handlers call error(message, stack): one error with that stack.
      const err = new Error(message);
      err.stack = rest[0] as string;
      logger[level]({ ...fields, err });
    } else {
      Reflect.apply(logger[level], logger, [fields, message, ...rest]);
    }
  }
}

function isStackContract(level: Level, message: unknown, rest: unknown[]): message is string {
  return (
    level === 'error' &&
    typeof message === 'string' &&
    rest.length === 1 &&
    typeof rest[0] === 'string' &&
    /\n\s*at /.test(rest[0])
  );
}

/**
 * One pino-http instance per process: its middleware logs every request (and gives it its id), and its
 * logger is the root of every other line. Global, like the configuration (infrastructure).
 */
@Global()
@Module({})
export class LoggerModule implements NestModule {
  static forRoot(params: LoggerParams): DynamicModule {
    return {
      module: LoggerModule,
      providers: [{ provide: HTTP_LOGGER, useFactory: () => pinoHttp(params.pinoHttp) }, Logger],
      exports: [Logger],
    };
  }

  constructor(@Inject(HTTP_LOGGER) private readonly http: HttpLogger) {}

  configure(consumer: MiddlewareConsumer): void {
    const bind = (req: IncomingMessage & { allLogs?: Pino[]; log: Pino }, _res: unknown, next: () => void) =>
      requestLogs.run(req.allLogs?.[req.allLogs.length - 1] ?? req.log, next);
    // Every route, in the wildcard syntax of path-to-regexp v8 (Express 5).
    consumer.apply(this.http, bind).forRoutes({ path: '{/*splat}', method: RequestMethod.ALL });
  }
}
