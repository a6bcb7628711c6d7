import {
  applyDecorators,
  createParamDecorator,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { ApiKeyContext, ApiKeyScope } from '../../common/http/auth-context.js';
import { ApiKeyRoute } from '../../common/http/public.decorator.js';
import { REDIS } from '../../common/queue/redis.module.js';
import { WindowCounter, waitText, withDeadline } from '../abuse/index.js';
import { ApiKeysService } from './api-keys.service.js';

const SCOPE = 'apiKey:scope';

/** Calls a minute one key may make, and one company with all its keys. */
export const PER_KEY_PER_MINUTE = 1200;
export const PER_COMPANY_PER_MINUTE = 6000;
const WINDOW_MS = 60_000;

/**
 * A route of the public API: the session guard steps aside, this one authenticates the company API
 * key and its scope, then counts the call against the key's and the company's limits (429 with
 * `Retry-After` beyond them).
 */
export const ApiKeyScoped = (scope: ApiKeyScope) =>
  applyDecorators(ApiKeyRoute(), SetMetadata(SCOPE, scope), UseGuards(ApiKeyGuard));

/** The key's caller on a public API route. */
export const ApiCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): ApiKeyContext => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.apiKey) throw new AppError('NOT_AUTHENTICATED');
  return req.apiKey;
});

@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly counter: WindowCounter;

  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeysService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.counter = new WindowCounter(redis, config.queuePrefix);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const needed = this.reflector.get<ApiKeyScope | undefined>(SCOPE, context.getHandler());
    if (!needed) throw new AppError('FORBIDDEN');
    const req = context.switchToHttp().getRequest<Request>();
    const caller = await this.keys.authenticate(req.get('authorization'), needed, req.ip ?? null);
    req.apiKey = caller;
    await this.limit(context.switchToHttp().getResponse<Response>(), caller);
    return true;
  }

  private async limit(res: Response, caller: ApiKeyContext): Promise<void> {
    if (this.redis.status !== 'ready') return; // Redis away: the limits pause (as every abuse limit).
    let hits: { hits: number; retryAfterSeconds: number }[];
    try {
      hits = await withDeadline(
        Promise.all([
          this.counter.hit(`api:key:${caller.keyId}`, WINDOW_MS),
          this.counter.hit(`api:company:${caller.companyId}`, WINDOW_MS),
        ]),
        1000,
      );
    } catch {
      return;
    }
    const [key, company] = hits as [
      { hits: number; retryAfterSeconds: number },
      { hits: number; retryAfterSeconds: number },
    ];
    const over = key.hits > PER_KEY_PER_MINUTE ? key : company.hits > PER_COMPANY_PER_MINUTE ? company : null;
    if (!over) return;
    res.setHeader('Retry-After', String(over.retryAfterSeconds));
    throw new AppError(
      'RATE_LIMITED',
      `Too many calls with ${over === key ? 'this API key' : "this company's API keys"}: try again in ${waitText(over.retryAfterSeconds)}`,
      { retryAfterSeconds: over.retryAfterSeconds },
    );
  }
}
