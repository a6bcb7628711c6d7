import {
  Inject,
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Redis } from 'ioredis';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import { REDIS } from '../../common/queue/redis.module.js';
import { waitText, withDeadline } from './abuse-limit.guard.js';
import { WindowCounter } from './window-counter.js';

const REDIS_WAIT_MS = 1000;

function limited(seconds: number): AppError {
  return new AppError(
    'RATE_LIMITED',
    `Too many sign-in attempts. Please try again in ${waitText(seconds)}.`,
    {
      retryAfterSeconds: seconds,
    },
  );
}

/**
 * Sign-in limits that lock out only the caller (decision 0029). Two budgets, counted in Redis:
 * - per address, only refused attempts (bad token, bad body, sign-in refused): past the limit a refused
 *   attempt is answered 429 instead of its 4xx, and a valid one from the same address still signs in;
 * - per account identity and address together, every sign-in that names the account: past the limit
 *   that account cannot sign in from that address until the window ends, nobody else is affected.
 * With Redis away the limits pause, like the other abuse limits.
 */
@Injectable()
export class SignInLimits {
  private readonly counter: WindowCounter;
  private readonly logger = new Logger('AbuseLimits');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.counter = new WindowCounter(redis, config.queuePrefix);
  }

  /** Counts a sign-in of `account` from `ip`; throws RATE_LIMITED past the account's budget there. */
  async admit(ip: string | undefined, account: string): Promise<void> {
    const key = `signIn:account:${account.trim().toLowerCase()}:ip:${ip ?? 'unknown'}`;
    const over = await this.hit(key, this.config.rateLimits.signIn.perAccount);
    if (over) throw limited(over);
  }

  /** Counts a refused attempt from `ip`; returns the seconds to wait when the address is past its budget. */
  refused(ip: string | undefined): Promise<number> {
    return this.hit(`signIn:ip:${ip ?? 'unknown'}`, this.config.rateLimits.signIn.perIp);
  }

  /** What to throw for a refused attempt `err` from `ip`: `err`, or 429 once the address is past its budget. */
  async refusal(ip: string | undefined, err: unknown): Promise<unknown> {
    const status = statusOf(err);
    if (status < 400 || status >= 500 || status === 429) return err;
    const wait = await this.refused(ip);
    return wait ? limited(wait) : err;
  }

  private async hit(key: string, limit: number): Promise<number> {
    if (['reconnecting', 'end', 'close'].includes(this.redis.status)) return 0;
    try {
      const counted = await withDeadline(
        this.counter.hit(key, this.config.rateLimits.windowMs),
        REDIS_WAIT_MS,
      );
      return counted.hits > limit ? counted.retryAfterSeconds : 0;
    } catch (err) {
      this.logger.warn(`Abuse limits paused: Redis did not answer (${(err as Error).message})`);
      return 0;
    }
  }
}

/** HTTP status an error will be answered with (4xx of the caller, or other). */
function statusOf(err: unknown): number {
  if (err instanceof AppError) return err.status;
  const s =
    (err as { getStatus?: () => number; status?: number }).getStatus?.() ??
    (err as { status?: number }).status;
  return typeof s === 'number' ? s : 500;
}

/**
 * On sign-in routes: a refused attempt (4xx other than 429) counts against the caller's address; past
 * the address's budget it is answered 429 with `Retry-After` (decision 0029).
 */
@Injectable()
export class SignInRefusals implements NestInterceptor {
  constructor(private readonly limits: SignInLimits) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((err: unknown) =>
        from(
          (async () => {
            throw await this.limits.refusal(req.ip, err);
          })(),
        ).pipe(mergeMap(() => [] as unknown[])),
      ),
    );
  }
}
