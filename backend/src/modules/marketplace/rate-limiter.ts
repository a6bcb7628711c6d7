import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { Shutdown } from '../../common/shutdown.js';
import { REDIS } from '../../common/queue/redis.module.js';

/**
 * Reserves the next request slot of one marketplace account, across every worker process (the slots
 * live in Redis). Callers are served in arrival order at `requestsPerSecond`; a 429 pushes the account's
 * next slot past the Retry-After the marketplace asked for.
 */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextSlot)
local after = slot + interval
redis.call('SET', KEYS[1], after, 'PX', math.max(1000, after - now + 60000))
return slot - now
`;

const PENALISE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local holdUntil = now + tonumber(ARGV[1])
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
if holdUntil > nextSlot then
  redis.call('SET', KEYS[1], holdUntil, 'PX', math.max(1000, holdUntil - now + 60000))
end
return holdUntil - now
`;

@Injectable()
export class MarketplaceRateLimiter {
  private readonly intervalMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.intervalMs = Math.max(1, Math.round(1000 / config.marketplace.requestsPerSecond));
  }

  private key(account: string): string {
    return `${this.config.queuePrefix}:faire-rate:${account}`;
  }

  /** Waits until this account may send its next request. */
  /** Reserves the account's next slot and waits for it (a wait `shutdown` ends early, throwing). */
  async acquire(account: string, shutdown?: Shutdown): Promise<void> {
    const waitMs = Number(await this.redis.eval(RESERVE, 1, this.key(account), this.intervalMs));
    if (waitMs <= 0) return;
    if (shutdown) await shutdown.wait(waitMs);
    else await new Promise((r) => setTimeout(r, waitMs));
  }

  /** The marketplace said "slow down": no request for this account before `ms` from now. */
  async penalise(account: string, ms: number): Promise<void> {
    await this.redis.eval(PENALISE, 1, this.key(account), Math.max(0, Math.round(ms)));
  }
}
