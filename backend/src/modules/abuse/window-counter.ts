import type { Redis } from 'ioredis';

/** One fixed window per key: INCR, and the expiry set by the first hit, in one atomic step. */
const HIT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { hits, ttl }`;

/**
 * Request counters in the Redis every API process already uses, so a limit holds across processes.
 * Keys live under the install's queue prefix and expire with their window.
 */
export class WindowCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Counts one hit; returns the hits so far in this window and the seconds until it closes. */
  async hit(key: string, windowMs: number): Promise<{ hits: number; retryAfterSeconds: number }> {
    const [hits, pttl] = (await this.redis.eval(HIT, 1, `${this.prefix}:limits:${key}`, windowMs)) as [
      number,
      number,
    ];
    return { hits, retryAfterSeconds: Math.max(1, Math.ceil(pttl / 1000)) };
  }
}
