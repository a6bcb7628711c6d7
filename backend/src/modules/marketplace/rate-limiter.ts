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
local count = tonumber(ARGV[2])
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(now, nextSlot)
local after = slot + interval * count
redis.call('SET', KEYS[1], after, 'PX', math.max(1000, after - now + 60000))
return slot - now
`;

/** Takes the account's next slot only if it is due now; returns 1 if taken, 0 if not. */
const TAKE_IF_DUE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextSlot = tonumber(redis.call('GET', KEYS[1]) or '0')
if nextSlot > now then return 0 end
local after = now + tonumber(ARGV[1])
redis.call('SET', KEYS[1], after, 'PX', tonumber(ARGV[1]) + 60000)
return 1
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

/**
 * Waits until `dueAt` on the `Date.now()` clock, the clock every slot is stated in. A timer alone does
 * not promise that: Node runs timers on its event loop's monotonic clock, truncated to whole
 * milliseconds and read at the start of a loop turn, so a timer can end before `Date.now()` reaches the
 * time it was set for (a millisecond early at a boundary, more after a long turn). So the wait is
 * checked against the clock and resumed until the slot is due: a call never leaves before its slot.
 */
export async function waitUntil(
  dueAt: number,
  wait: (ms: number) => Promise<void>,
  now: () => number = Date.now,
): Promise<void> {
  for (let left = dueAt - now(); left > 0; left = dueAt - now()) await wait(left);
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

@Injectable()
export class MarketplaceRateLimiter {
  /** The time between two slots of one account. */
  readonly intervalMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.intervalMs = Math.max(1, Math.round(1000 / config.marketplace.requestsPerSecond));
  }

  private key(account: string): string {
    return `${this.config.queuePrefix}:faire-rate:${account}`;
  }

  /**
   * Reserves the account's next `count` slots and waits until the first of them is due, or `leadMs`
   * before it (a wait `shutdown` ends early, throwing). Answers when, on this process's clock
   * (`Date.now()`), the first slot is due; the others follow every `intervalMs`. A request is sent at or
   * after its own slot, never earlier: a reservation is not a burst (decision 0021).
   */
  async acquire(account: string, shutdown?: Shutdown, count = 1, leadMs = 0): Promise<number> {
    const n = Math.max(1, Math.floor(count));
    const dueInMs = Number(await this.redis.eval(RESERVE, 1, this.key(account), this.intervalMs, n));
    const firstDueAt = Date.now() + Math.max(0, dueInMs);
    await waitUntil(firstDueAt - Math.max(0, leadMs), (ms) => (shutdown ? shutdown.wait(ms) : sleep(ms)));
    return firstDueAt;
  }

  /** Takes the account's next slot if it is due now, without waiting; false when it is not. */
  async takeIfDue(account: string): Promise<boolean> {
    return Number(await this.redis.eval(TAKE_IF_DUE, 1, this.key(account), this.intervalMs)) === 1;
  }

  /** The marketplace said "slow down": no request for this account before `ms` from now. */
  async penalise(account: string, ms: number): Promise<void> {
    await this.redis.eval(PENALISE, 1, this.key(account), Math.max(0, Math.round(ms)));
  }
}
