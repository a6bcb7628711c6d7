import { Inject, Injectable, Logger, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import { REDIS } from '../../common/queue/redis.module.js';
import { CATEGORY, type AbuseCategory } from './abuse-category.js';
import { WindowCounter } from './window-counter.js';

const WHAT: Record<AbuseCategory, string> = {
  signIn: 'sign-in attempts',
  invite: 'invitations',
  acceptInvite: 'invitation acceptances',
  upload: 'uploads',
  retry: 'retries',
  store: 'store requests',
};

/** How long a request waits for its counter before the limit is skipped (Redis slow or away). */
const REDIS_WAIT_MS = 1000;

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** "4 minutes", "1 minute", "30 seconds": how long until the window reopens. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Abuse limits on routes marked with @AbuseLimit (decision 0013): per caller IP and per signed-in user,
 * per category (invite and resend share one budget), fixed windows counted in Redis. Runs after the
 * global auth guard, so only callers allowed to use the route are counted. Over a limit: 429,
 * `Retry-After` in seconds, and a message that says when to try again.
 */
@Injectable()
export class AbuseLimitGuard implements CanActivate {
  private readonly counter: WindowCounter;
  private readonly logger = new Logger('AbuseLimits');
  private lastWarnMs = 0;

  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.counter = new WindowCounter(redis, config.queuePrefix);
  }

  private warnOnce(err: Error): void {
    const now = Date.now();
    if (now - this.lastWarnMs < 30_000) return;
    this.lastWarnMs = now;
    this.logger.warn(`Abuse limits paused: Redis did not answer (${err.message})`);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const category = this.reflector.get<AbuseCategory | undefined>(CATEGORY, context.getHandler());
    if (!category) return true;
    const limits = this.config.rateLimits[category];
    const windowMs = this.config.rateLimits.windowMs;
    const req = context.switchToHttp().getRequest<Request>();
    const checks: { key: string; limit: number }[] = [
      { key: `${category}:ip:${req.ip ?? 'unknown'}`, limit: limits.perIp },
    ];
    // A route named by a store id in its path (the ShipStation store) is also counted per store.
    const storeId = (req.params as Record<string, string | undefined> | undefined)?.storeId;
    if ('perStore' in limits && storeId) {
      checks.push({ key: `${category}:store:${storeId.slice(0, 64)}`, limit: limits.perStore });
    }
    const userId = req.session?.userId;
    if (limits.perUser !== null && userId) {
      checks.push({ key: `${category}:user:${userId}`, limit: limits.perUser });
    }
    // Redis known to be away: limits pause at once, not after REDIS_WAIT_MS (an upload answers within
    // seconds during an outage, decision 0039). A connection not yet made (lazy) is not an outage.
    if (
      this.redis.status === 'reconnecting' ||
      this.redis.status === 'end' ||
      this.redis.status === 'close'
    ) {
      this.warnOnce(new Error(`Redis connection ${this.redis.status}`));
      return true;
    }
    let blockedFor = 0;
    for (const { key, limit } of checks) {
      let counted: { hits: number; retryAfterSeconds: number };
      try {
        counted = await withDeadline(this.counter.hit(key, windowMs), REDIS_WAIT_MS);
      } catch (err) {
        // Redis away: limits pause rather than refuse work that Postgres alone can take (decision 0006).
        this.warnOnce(err as Error);
        return true;
      }
      if (counted.hits > limit) blockedFor = Math.max(blockedFor, counted.retryAfterSeconds);
    }
    if (!blockedFor) return true;
    context.switchToHttp().getResponse<Response>().setHeader('Retry-After', String(blockedFor));
    throw new AppError(
      'RATE_LIMITED',
      `Too many ${WHAT[category]}. Please try again in ${waitText(blockedFor)}.`,
      { retryAfterSeconds: blockedFor },
    );
  }
}
