import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { REDIS } from '../../common/queue/redis.module.js';

/** Frees expired leases, then takes one if fewer than ARGV[2] are held. */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[2]) then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + 60000)
  return 1
end
return 0
`;

/** Pushes a held lease's expiry forward (Redis's clock, like ACQUIRE). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
`;

/**
 * How many jobs may work for one Faire account at the same time, across every worker. A job that
 * would only wait for its account's rate limit gives its worker slot back instead, so one company's big
 * file cannot hold every slot while another company's rows wait. Leases expire (a dead worker's
 * permit lapses after twice SHIPMENT_LOCK_MS).
 */
@Injectable()
export class AccountJobPermits {
  /** A permit lapses this long after its holder stops renewing it (e.g. the worker died). */
  private readonly leaseMs: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.leaseMs = Math.max(2000, config.shipments.lockMs * 2);
  }

  private key(account: string): string {
    return `${this.config.queuePrefix}:faire-active:${account}`;
  }

  /**
   * A release function, or null when the account already has its share of running jobs. `owner` (the
   * worker process) is part of the lease so that a dead process's leases can be freed at once.
   */
  async tryAcquire(account: string, owner?: string): Promise<(() => Promise<void>) | null> {
    const member = owner ? `${owner}/${randomUUID()}` : randomUUID();
    const key = this.key(account);
    const ok = Number(
      await this.redis.eval(ACQUIRE, 1, key, member, this.config.shipments.jobsPerAccount, this.leaseMs),
    );
    if (ok !== 1) return null;
    // Renewed while the job runs, so a long job keeps its permit and a dead worker's permit lapses.
    const renew = setInterval(
      () => {
        void this.redis.eval(RENEW, 1, key, member, this.leaseMs).catch(() => undefined);
      },
      Math.max(500, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    return async () => {
      clearInterval(renew);
      await this.redis.zrem(key, member);
    };
  }

  /** Frees the leases of worker processes not in `alive` (killed ones); returns how many. */
  async releaseDead(alive: Set<string>): Promise<number> {
    let freed = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.key('*'), 'COUNT', 200);
      cursor = next;
      for (const key of keys) {
        const dead = (await this.redis.zrange(key, 0, -1)).filter((m) => {
          const owner = m.includes('/') ? m.slice(0, m.indexOf('/')) : null;
          return owner !== null && !alive.has(owner);
        });
        if (dead.length) freed += await this.redis.zrem(key, ...dead);
      }
    } while (cursor !== '0');
    return freed;
  }
}
