import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../src/common/config/index.js';
import { AccountJobPermits, PERMIT_WAITER_IDLE_MS } from '../src/modules/marketplace/account-permits.js';
import { permitRetryDelayMs } from '../src/modules/shipments/processing/shipments.processor.js';
import { TEST_REDIS_URL } from './helpers/env.js';

/**
 * The account permits against the real Redis: one permit for the account, jobs that keep asking.
 * The permit freed goes to the line's first job (best queue priority, then the oldest), not to whichever
 * job asks first after it frees: a job put back after a crash (its old priority, its old creation
 * time) runs next instead of waiting behind every job that arrived since.
 */
describe('account job permits: a line kept between tries', () => {
  let redis: Redis;
  let permits: AccountJobPermits;
  const prefix = `permits-test-${randomUUID()}`;
  const account = 'brand:b_line';
  const job = (id: string, priority: number, createdAtMs: number) => ({ id, priority, createdAtMs });

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    const config = { queuePrefix: prefix, shipments: { lockMs: 30_000, jobsPerAccount: 1 } };
    permits = new AccountJobPermits(redis, config as unknown as AppConfig);
  });

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('gives the freed permit to the first in line, and lets a job that stopped asking leave it', async () => {
    const holder = await permits.tryAcquire(account, 'w1', job('upload-a-5', 5, 1_000));
    expect(holder).not.toBeNull();

    // Both refused while the permit is held; both keep their place.
    const late = job('upload-b-7', 7, 3_000);
    const putBack = job('upload-a-6', 6, 1_000); // an older job, a better priority: a crashed worker's
    expect(await permits.tryAcquire(account, 'w2', late)).toBeNull();
    expect(await permits.tryAcquire(account, 'w3', putBack)).toBeNull();

    await holder!();
    // The permit is free, but the job that asks first is not first in line: refused.
    expect(await permits.tryAcquire(account, 'w2', late)).toBeNull();
    const next = await permits.tryAcquire(account, 'w3', putBack);
    expect(next).not.toBeNull();
    await next!();
    // Then the next in line.
    const then = await permits.tryAcquire(account, 'w2', late);
    expect(then).not.toBeNull();

    // A job that joined the line and never asked again (it ended elsewhere) blocks no one for long.
    const gone = job('upload-c-1', 1, 500);
    expect(await permits.tryAcquire(account, 'w4', gone)).toBeNull();
    await then!();
    const other = job('upload-d-9', 9, 9_000);
    expect(await permits.tryAcquire(account, 'w5', other)).toBeNull();
    await new Promise((r) => setTimeout(r, PERMIT_WAITER_IDLE_MS + 300));
    const afterIdle = await permits.tryAcquire(account, 'w5', other);
    expect(afterIdle).not.toBeNull();
    await afterIdle!();
  }, 20_000);

  it("frees a dead worker's lease without touching the line", async () => {
    const dead = await permits.tryAcquire('brand:b_dead', 'dead-worker', job('upload-e-1', 1, 1_000));
    expect(dead).not.toBeNull();
    expect(await permits.tryAcquire('brand:b_dead', 'live', job('upload-e-2', 2, 2_000))).toBeNull();
    expect(await permits.releaseDead(new Set(['live']))).toBe(1);
    expect(await permits.tryAcquire('brand:b_dead', 'live', job('upload-e-2', 2, 2_000))).not.toBeNull();
  });

  it("tells a refused job how far back it is, and a job further back asks again later, within the line's patience", async () => {
    const holder = await permits.tryAcquire('brand:b_far', 'w1', job('upload-f-1', 1, 1_000));
    expect(holder).not.toBeNull();
    const waiting = [job('upload-f-2', 2, 2_000), job('upload-f-3', 3, 3_000), job('upload-f-4', 4, 4_000)];
    const answers = [];
    for (const w of waiting) answers.push(await permits.acquireOrWait('brand:b_far', 'w2', w));
    expect(answers).toEqual([{ ahead: 0 }, { ahead: 1 }, { ahead: 2 }]);
    await holder!();
    // The permit freed: the first in line takes it; the others move up.
    const first = await permits.acquireOrWait('brand:b_far', 'w2', waiting[0]);
    expect('release' in first).toBe(true);
    expect(await permits.acquireOrWait('brand:b_far', 'w2', waiting[2])).toEqual({ ahead: 1 });
    if ('release' in first) await first.release();

    expect(permitRetryDelayMs(0, 0)).toBe(400);
    expect(permitRetryDelayMs(0, 0.999)).toBeLessThan(800);
    expect(permitRetryDelayMs(4, 0)).toBe(1400);
    // However far back, a waiter asks again before it would be taken for gone and lose its place.
    expect(permitRetryDelayMs(10_000, 0.999)).toBeLessThan(PERMIT_WAITER_IDLE_MS);
  });
});
