import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../../src/common/config/index.js';
import { SHIPMENT_JOBS } from '../../src/common/queue/queues.js';
import type { AccountJobPermits } from '../../src/modules/marketplace/index.js';
import type { ShipmentQueueIntents } from '../../src/modules/shipments/recovery/queue-intents.repository.js';
import type { ShipmentQueueing } from '../../src/modules/shipments/recovery/shipment-queueing.service.js';
import {
  ShipmentRecoveryService,
  lostAfter,
  recoveryBoundMs,
} from '../../src/modules/shipments/recovery/shipment-recovery.service.js';
import type { ShipmentsRepository } from '../../src/modules/shipments/processing/shipments.repository.js';
import type { UploadsRepository } from '../../src/modules/shipments/intake/uploads.repository.js';
import type { WorkerLiveness } from '../../src/modules/shipments/recovery/worker-liveness.js';
import { FakePermits } from '../fakes/fake-marketplace.js';
import { FakeQueueIntents } from '../fakes/fake-queue-intents.js';
import { FakeJob, FakeLiveness, FakeQueue, FakeQueueing } from '../fakes/fake-queue.js';
import { FakeShipmentsRepository, FakeUploads, pgError } from '../fakes/fake-shipments-repository.js';

const RECOVERY_AFTER_MS = 60_000;
const LOST_AFTER_MS = 30_000;
const ago = (ms: number) => Date.now() - ms;

function recoveryHarness(opts: { redisFails?: boolean; living?: Set<string> | null } = {}) {
  Logger.overrideLogger(false);
  const db = new FakeShipmentsRepository();
  const uploads = new FakeUploads();
  const queue = new FakeQueue();
  const intents = new FakeQueueIntents(db.shipments);
  const queueing = new FakeQueueing(intents);
  const liveness = new FakeLiveness(opts.living === undefined ? new Set(['me']) : opts.living);
  const permits = new FakePermits();
  const config = {
    shipments: { recoveryAfterMs: RECOVERY_AFTER_MS, recoveryIntervalMs: 20, lockMs: 30_000 },
  } as unknown as AppConfig;
  const service = new ShipmentRecoveryService(
    db as unknown as ShipmentsRepository,
    uploads as unknown as UploadsRepository,
    queueing as unknown as ShipmentQueueing,
    queue as unknown as Queue,
    config,
    liveness as unknown as WorkerLiveness,
    permits as unknown as AccountJobPermits,
    queue.redis(opts.redisFails) as unknown as Redis,
    intents as unknown as ShipmentQueueIntents,
  );
  return { db, uploads, queue, queueing, intents, liveness, permits, service };
}

/** ShipmentRecoveryService on fakes (no Postgres or Redis): what the sweep takes back, and what not. */
describe('ShipmentRecoveryService', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('moves back the jobs of dead workers only, by their lock, and frees their permits', async () => {
    const h = recoveryHarness();
    h.permits.deadLeases = 2;
    const dead = new FakeJob('j1', 'gone', 'tok-1');
    const live = new FakeJob('j2', 'me', 'tok-2');
    const unowned = new FakeJob('j3', undefined, 'tok-3');
    const unlocked = new FakeJob('j4', 'gone', null);
    const movedOn = new FakeJob('j5', 'gone', 'tok-5', true);
    h.queue.active.push(dead, live, unowned, unlocked, movedOn);

    expect(await h.service.takeOverDead()).toBe(1);

    expect([dead, live, unowned, unlocked, movedOn].map((j) => j.moved)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(h.permits.releaseDeadCalls).toEqual([new Set(['me'])]);
  });

  it('takes nobody for dead when Redis does not list the living', async () => {
    const h = recoveryHarness({ living: null });
    const job = new FakeJob('j1', 'gone', 'tok-1');
    h.queue.active.push(job);

    expect(await h.service.takeOverDead()).toBe(0);

    expect(job.moved).toBe(false);
    expect(h.permits.releaseDeadCalls).toHaveLength(0);
  });

  it('re-queues rows left without a job, each after its own wait, grouped by upload', async () => {
    const h = recoveryHarness();
    const neverQueued = h.db.add({
      order_id: 'bo_1',
      upload_id: 'u1',
      queued_at: null,
      updated_at: ago(LOST_AFTER_MS + 1000),
    });
    const lostJob = h.db.add({
      order_id: 'bo_2',
      upload_id: 'u1',
      updated_at: ago(RECOVERY_AFTER_MS + 1000),
    });
    const otherUpload = h.db.add({
      order_id: 'bo_3',
      upload_id: 'u2',
      updated_at: ago(RECOVERY_AFTER_MS + 1000),
    });
    // Not lost (yet), or not PENDING, or waiting for its next try after a fault.
    h.db.add({ order_id: 'bo_4', queued_at: null, updated_at: ago(LOST_AFTER_MS - 5000) });
    h.db.add({ order_id: 'bo_5', updated_at: ago(RECOVERY_AFTER_MS - 5000) });
    h.db.add({ order_id: 'bo_6', status: 'SUCCESS', updated_at: ago(RECOVERY_AFTER_MS * 10) });
    h.db.add({ order_id: 'bo_7', updated_at: ago(RECOVERY_AFTER_MS * 10), next_try_at: Date.now() + 5000 });

    expect(await h.service.sweep()).toBe(3);

    const byUpload = Object.fromEntries(h.queueing.enqueued.map((e) => [e.uploadId, e.ids.sort()]));
    expect(byUpload).toEqual({ u1: [neverQueued.id, lostJob.id].sort(), u2: [otherUpload.id] });
    expect(h.queueing.enqueued.every((e) => e.priority === 1 && /^recover-\d+$/.test(e.prefix!))).toBe(true);
    // Taken rows are touched: a sweep right after finds nothing.
    expect(await h.service.sweep()).toBe(0);
  });

  it('queues the PENDING shipments of slices whose jobs never arrived, and drops their intents', async () => {
    const h = recoveryHarness();
    // Committed queued, with their slice's intent: the process died before the jobs were added.
    const a1 = h.db.add({ order_id: 'bo_1', upload_id: 'u1', updated_at: ago(10) });
    const a2 = h.db.add({ order_id: 'bo_2', upload_id: 'u1', updated_at: ago(10), status: 'SUCCESS' });
    const b1 = h.db.add({ order_id: 'bo_3', upload_id: 'u1', updated_at: ago(10) });
    const c1 = h.db.add({ order_id: 'bo_4', upload_id: 'u2', updated_at: ago(10), status: 'FAILED' });
    const young = h.db.add({ order_id: 'bo_5', upload_id: 'u3', updated_at: ago(10) });
    h.intents.add({ uploadId: 'u1', batchNo: 1 }, [a1.id, a2.id], ago(LOST_AFTER_MS + 1000));
    h.intents.add({ uploadId: 'u1', batchNo: 2 }, [b1.id], ago(LOST_AFTER_MS + 2000));
    h.intents.add({ uploadId: 'u2', batchNo: 1 }, [c1.id], ago(LOST_AFTER_MS + 3000));
    h.intents.add({ uploadId: 'u3', batchNo: 1 }, [young.id], ago(LOST_AFTER_MS - 5000));

    expect(await h.service.sweep()).toBe(2);

    // u1's two slices in one call, under a job id prefix of their own; the ended rows are not queued.
    expect(h.queueing.enqueued).toHaveLength(1);
    const [call] = h.queueing.enqueued;
    expect(call!.uploadId).toBe('u1');
    expect(call!.ids.sort()).toEqual([a1.id, b1.id].sort());
    expect(call!.prefix).toMatch(/^recover-i\d+$/);
    expect(call!.intents.map((i) => i.batchNo).sort()).toEqual([1, 2]);
    // Queued or with nothing left to queue: dropped; the young one waits for its own turn.
    expect([...h.intents.intents.keys()]).toEqual(['u3|1']);
    expect(await h.service.sweep()).toBe(0);
  });

  it('keeps an intent whose shipments could not be queued, for the next sweep after the wait', async () => {
    const h = recoveryHarness();
    const row = h.db.add({ order_id: 'bo_1', upload_id: 'u1', updated_at: ago(10) });
    h.intents.add({ uploadId: 'u1', batchNo: 1 }, [row.id], ago(LOST_AFTER_MS + 1000));
    h.queueing.unavailable = true;

    await h.service.sweep();

    // Taken (its wait starts again), not dropped: Redis did not take the jobs.
    const intent = h.intents.intents.get('u1|1');
    expect(intent).toBeDefined();
    expect(intent!.createdAt).toBeGreaterThan(ago(1000));
    h.queueing.unavailable = false;
    await new Promise((r) => setTimeout(r, 2)); // taken "now": older than 0 ms a moment later
    expect(await h.service.sweep({ redisLost: true })).toBe(1);
    expect(h.intents.intents.size).toBe(0);
  });

  it('takes every intent at once when Redis lost its data', async () => {
    const h = recoveryHarness();
    const row = h.db.add({ order_id: 'bo_1', upload_id: 'u1', updated_at: ago(10) });
    h.intents.add({ uploadId: 'u1', batchNo: 1 }, [row.id], ago(5));

    expect(await h.service.sweep({ redisLost: true })).toBe(1);
    expect(h.queueing.enqueued.flatMap((e) => e.ids)).toEqual([row.id]);
    expect(h.intents.intents.size).toBe(0);
  });

  it('queues uploads stuck before their rows became shipments, with a new job id each time', async () => {
    const h = recoveryHarness();
    h.uploads.uploads.set('u-stuck', {
      id: 'u-stuck',
      created_at: ago(LOST_AFTER_MS + 1000),
      materialized_at: null,
    });
    h.uploads.uploads.set('u-young', { id: 'u-young', created_at: ago(1000), materialized_at: null });
    h.uploads.uploads.set('u-done', {
      id: 'u-done',
      created_at: ago(LOST_AFTER_MS * 10),
      materialized_at: ago(1000),
    });

    await h.service.sweep();
    await new Promise((r) => setTimeout(r, 2));
    await h.service.sweep();

    expect(h.queueing.materialized.map((m) => m.uploadId)).toEqual(['u-stuck', 'u-stuck']);
    const [first, second] = h.queueing.materialized.map((m) => m.jobId);
    expect(first).toMatch(/^materialize-u-stuck-recover-\d+$/);
    expect(second).not.toBe(first);
  });

  it('when Redis lost its data, takes back every PENDING row and upload at once', async () => {
    const h = recoveryHarness();
    const fresh = h.db.add({ order_id: 'bo_1', updated_at: ago(10) });
    const unqueued = h.db.add({ order_id: 'bo_2', queued_at: null, updated_at: ago(10) });
    h.db.add({ order_id: 'bo_3', next_try_at: Date.now() + 60_000 });
    h.uploads.uploads.set('u-young', { id: 'u-young', created_at: ago(10), materialized_at: null });

    expect(await h.service.sweep({ redisLost: true })).toBe(2);

    expect(h.queueing.enqueued.flatMap((e) => e.ids).sort()).toEqual([fresh.id, unqueued.id].sort());
    expect(h.queueing.materialized.map((m) => m.uploadId)).toEqual(['u-young']);
  });

  it('runs one sweep at a time in a process', async () => {
    const h = recoveryHarness();
    h.db.add({ order_id: 'bo_1', updated_at: ago(RECOVERY_AFTER_MS + 1000) });

    const [first, second] = await Promise.all([h.service.sweep(), h.service.sweep()]);

    expect([first, second]).toEqual([1, 0]);
    // The second did not even look.
    expect(h.uploads.looked).toBe(1);
    expect(await h.service.sweep()).toBe(0);
  });

  it('sweeps Postgres even when Redis fails it while looking for dead workers', async () => {
    const h = recoveryHarness({ redisFails: true });
    h.queue.active.push(new FakeJob('j1', 'gone', 'tok-1'));
    h.db.add({ order_id: 'bo_1', updated_at: ago(RECOVERY_AFTER_MS + 1000) });

    expect(await h.service.sweep()).toBe(1);
  });

  it('boots once: alive, its schedule registered, one sweep; a schedule Redis forgot brings every row back', async () => {
    const h = recoveryHarness();
    const lost = h.db.add({ order_id: 'bo_1', queued_at: null, updated_at: ago(LOST_AFTER_MS + 1000) });

    await Promise.all([h.service.boot(), h.service.onApplicationBootstrap()]);
    stop = () => h.service.onApplicationShutdown();

    expect(h.liveness.started).toBe(1);
    expect(h.queue.schedulers.get(SHIPMENT_JOBS.RECOVERY_SWEEP)).toEqual({ every: 20 });
    expect(h.queueing.enqueued.flatMap((e) => e.ids)).toEqual([lost.id]);

    // Redis restarted empty: the schedule is gone, so are its jobs; a fresh row goes back at once.
    const fresh = h.db.add({ order_id: 'bo_2', updated_at: ago(10) });
    h.queue.schedulers.clear();
    for (let i = 0; i < 100 && !h.queueing.enqueued.some((e) => e.ids.includes(fresh.id)); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(h.queueing.enqueued.flatMap((e) => e.ids)).toContain(fresh.id);
    expect(h.queue.schedulers.has(SHIPMENT_JOBS.RECOVERY_SWEEP)).toBe(true);
  });

  it('a sweep Redis’s lost schedule started that fails is logged, and the next one takes the rows', async () => {
    const h = recoveryHarness();
    await h.service.boot();
    stop = () => h.service.onApplicationShutdown();
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const row = h.db.add({ order_id: 'bo_1', updated_at: ago(10) });
    h.db.failNext('requeueLost', pgError('57P01', 'terminating connection'));

    h.queue.schedulers.clear();
    for (let i = 0; i < 100 && logged.mock.calls.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }

    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'Sweep failed');
    expect(h.queueing.enqueued).toEqual([]);
    expect(await h.service.sweep({ redisLost: true })).toBe(1);
    expect(h.queueing.enqueued.flatMap((e) => e.ids)).toEqual([row.id]);
    logged.mockRestore();
  });
});

describe('recovery timings', () => {
  const config = (recoveryAfterMs: number, recoveryIntervalMs: number, lockMs: number) =>
    ({ shipments: { recoveryAfterMs, recoveryIntervalMs, lockMs } }) as unknown as AppConfig;

  it('treats a row as lost after 30 s, or sooner when rows are recovered sooner', () => {
    expect(lostAfter(config(60_000, 30_000, 30_000))).toBe(30_000);
    expect(lostAfter(config(5_000, 30_000, 30_000))).toBe(5_000);
  });

  it('bounds the wait after a crash by the longest of its three ways back (90 s with the defaults)', () => {
    expect(recoveryBoundMs(config(600_000, 60_000, 30_000))).toBe(90_000);
    expect(recoveryBoundMs(config(60_000, 10_000, 60_000))).toBe(120_000);
    expect(recoveryBoundMs(config(1_000, 200_000, 30_000))).toBe(201_000);
  });
});
