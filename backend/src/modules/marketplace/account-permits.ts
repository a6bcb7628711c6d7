import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { REDIS } from '../../common/queue/redis.module.js';

/**
 * Frees expired leases, then takes one if fewer than ARGV[2] are held. With a waiter (ARGV[4], a job
 * that will ask again), the free leases go to the line's first waiters, in the order of ARGV[5] (the
 * job's queue priority), then by the waiter name (its creation time first): a job refused joins the line
 * and keeps its place, so the job that has waited longest at the best priority (a dead worker's job put
 * back, say) is the next to run, not whichever job happens to ask when a lease frees. Waiters that stop
 * asking for ARGV[6] ms leave the line. Returns 1 for a lease; refused, 0 without a waiter, else
 * -(1 + the waiters ahead of this one that the free leases will not cover).
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local free = tonumber(ARGV[2]) - redis.call('ZCARD', KEYS[1])
local waiter = ARGV[4]
if waiter ~= '' then
  local idle = now - tonumber(ARGV[6])
  for _, gone in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', idle)) do
    redis.call('ZREM', KEYS[2], gone)
  end
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', idle)
  redis.call('ZADD', KEYS[2], tonumber(ARGV[5]), waiter)
  redis.call('ZADD', KEYS[3], now, waiter)
  redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[6]) + 60000)
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[6]) + 60000)
  local rank = redis.call('ZRANK', KEYS[2], waiter)
  if free <= 0 or rank >= free then
    return -1 - (rank - math.max(free, 0))
  end
  redis.call('ZREM', KEYS[2], waiter)
  redis.call('ZREM', KEYS[3], waiter)
elseif free <= 0 then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) + 60000)
return 1
`;

/** A job asking for a permit: its place in the account's line is kept between its tries. */
export interface PermitWaiter {
  /** The job's id: the same on every try. */
  id: string;
  /** The job's queue priority (lower first; 0 for none). */
  priority: number;
  /** When the job was created (ms): first come, first served within a priority. */
  createdAtMs: number;
}

/** A waiter that has not asked again for this long (its job ended elsewhere) leaves the line. */
export const PERMIT_WAITER_IDLE_MS = 5_000;

/** Pushes a held lease's expiry forward (Redis's clock, like ACQUIRE). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
`;

/**
 * A permit is a short lease, renewed every PERMIT_RENEW_MS while its job runs: a worker killed with -9
 * stops renewing, and its permits return within PERMIT_LEASE_MS, with no sweep to wait for (decision
 * 0038; the brand's next job starts a second or so later). A worker whose event loop stalls longer than
 * the lease can lose a permit it still uses: its account then runs one job more than its share for a
 * moment; Faire's rate still holds (every call takes a slot of the shared limiter) and each shipment stays
 * single (the order's lock and the read before every create).
 */
export const PERMIT_LEASE_MS = 4000;
const PERMIT_RENEW_MS = 1000;

/**
 * How many jobs may work for one Faire account at the same time, across every worker. A job that
 * would only wait for its account's rate limit gives its worker slot back instead, so one company's big
 * file cannot hold every slot while another company's rows wait.
 */
@Injectable()
export class AccountJobPermits {
  /** A permit lapses this long after its holder stops renewing it (e.g. the worker died). */
  private readonly leaseMs = PERMIT_LEASE_MS;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private key(account: string): string {
    return `${this.config.queuePrefix}:faire-active:${account}`;
  }

  /**
   * A release function, or null when the account already has its share of running jobs. `owner` (the
   * worker process) is part of the lease so that a dead process's leases can be freed at once.
   */
  async tryAcquire(
    account: string,
    owner?: string,
    waiter?: PermitWaiter,
  ): Promise<(() => Promise<void>) | null> {
    const got = await this.acquireOrWait(account, owner, waiter);
    return 'release' in got ? got.release : null;
  }

  /**
   * A lease (its release function), or, refused, how many waiters of the line are ahead of this one
   * beyond the leases now free (0 for the first in line, and for a job asking without a waiter): a job
   * far back in the line asks again later than the first one, so a long line does not mean a storm
   * of refused tries (each costs the worker a read of the job's rows).
   */
  async acquireOrWait(
    account: string,
    owner?: string,
    waiter?: PermitWaiter,
  ): Promise<{ release: () => Promise<void> } | { ahead: number }> {
    const member = owner ? `${owner}/${randomUUID()}` : randomUUID();
    const key = this.key(account);
    const place = waiter
      ? `${String(Math.max(0, Math.floor(waiter.createdAtMs))).padStart(15, '0')}:${waiter.id}`
      : '';
    const answer = Number(
      await this.redis.eval(
        ACQUIRE,
        3,
        key,
        `${key}:line`,
        `${key}:line-seen`,
        member,
        this.config.shipments.jobsPerAccount,
        this.leaseMs,
        place,
        waiter?.priority ?? 0,
        PERMIT_WAITER_IDLE_MS,
      ),
    );
    if (answer !== 1) return { ahead: answer < 0 ? -answer - 1 : 0 };
    // Renewed while the job runs, so a long job keeps its permit and a dead worker's permit lapses.
    const renew = setInterval(() => {
      void this.redis.eval(RENEW, 1, key, member, this.leaseMs).catch(() => undefined);
    }, PERMIT_RENEW_MS);
    renew.unref();
    return {
      release: async () => {
        clearInterval(renew);
        await this.redis.zrem(key, member);
      },
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
        if (key.endsWith(':line') || key.endsWith(':line-seen')) continue; // waiting jobs, not leases
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
