import { InjectQueue } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { QUEUES, SHIPMENT_JOBS } from '../../../common/queue/queues.js';
import { REDIS } from '../../../common/queue/redis.module.js';
import { keepSchedule } from '../../../common/queue/schedules.js';
import { AccountJobPermits } from '../../marketplace/index.js';
import { groupBy } from '../intake/order-groups.js';
import { ShipmentQueueIntents } from './queue-intents.repository.js';
import { ShipmentQueueing } from './shipment-queueing.service.js';
import { ShipmentsRepository } from '../processing/shipments.repository.js';
import { UploadsRepository } from '../intake/uploads.repository.js';
import { WorkerLiveness } from './worker-liveness.js';

/**
 * Rows stay PENDING in Postgres until they are terminal, so Postgres — not Redis — is the truth. A
 * PENDING row untouched for SHIPMENT_RECOVERY_AFTER_MS (its job lost with a Redis restart, or never
 * queued) is queued again. Running it twice is safe: processing re-reads the order before creating.
 * The sweep is a BullMQ job scheduler on the shipments queue: one run per SHIPMENT_RECOVERY_INTERVAL_MS
 * for the whole fleet, whichever worker takes it.
 */
const LOST_AFTER_MS = 30_000;
/** Queue intents taken per sweep: a slice's intent holds up to STAGE_ROWS (2,000) shipments. */
const INTENTS_PER_SWEEP = 5;

@Injectable()
export class ShipmentRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ShipmentRecovery');
  private running = false;
  private stopKeeping?: () => void;
  private booted?: Promise<void>;

  constructor(
    private readonly shipments: ShipmentsRepository,
    private readonly uploadRows: UploadsRepository,
    private readonly queueing: ShipmentQueueing,
    @InjectQueue(QUEUES.SHIPMENTS) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly liveness: WorkerLiveness,
    private readonly permits: AccountJobPermits,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly queueIntents: ShipmentQueueIntents,
  ) {}

  /**
   * Jobs held by a worker process that is not alive go back to the queue now, not when their lock
   * lapses (SHIPMENT_LOCK_MS), and that process's account permits are freed. Only a job still locked
   * with the dead worker's token is moved (atomically, by that token); no attempt is used. If the
   * process was alive after all, the order's advisory lock and the read before each create keep every
   * shipment single. Returns the jobs moved.
   */
  async takeOverDead(): Promise<number> {
    const alive = await this.liveness.alive();
    if (!alive) return 0;
    let moved = 0;
    for (const job of await this.queue.getJobs(['active'], 0, 999)) {
      if (!job.id || !job.processedBy || alive.has(job.processedBy)) continue;
      const token = await this.redis.get(`${this.queue.toKey(job.id)}:lock`);
      if (!token) continue; // no lock left: BullMQ's stalled check moves it
      try {
        await job.moveToWait(token);
        moved += 1;
      } catch {
        // It moved on meanwhile (finished, or taken over by another worker).
      }
    }
    const freed = await this.permits.releaseDead(alive);
    if (moved || freed) {
      this.logger.warn(
        `Took back ${moved} job(s) and ${freed} account permit(s) from worker processes that are gone`,
      );
    }
    return moved;
  }

  onApplicationBootstrap(): Promise<void> {
    return this.boot();
  }

  /**
   * Before this worker takes its first job (ShipmentsProcessor waits for it): says it is alive, takes
   * back at once the jobs and permits of workers that are not (killed ones), registers the sweep's
   * schedule, and sweeps once.
   */
  boot(): Promise<void> {
    this.booted ??= this.start();
    return this.booted;
  }

  private async start(): Promise<void> {
    await this.liveness.start();
    const everyMs = this.config.shipments.recoveryIntervalMs;
    this.stopKeeping = await keepSchedule(
      this.queue,
      SHIPMENT_JOBS.RECOVERY_SWEEP,
      { everyMs },
      everyMs,
      this.logger,
      // Redis forgot its schedules, so its queued jobs too: every PENDING row goes back now.
      () =>
        void this.sweep({ redisLost: true }).catch((err: Error) =>
          this.logger.error({ err }, 'Sweep failed'),
        ),
    );
    // A starting worker recovers at once what a dead process left without a job.
    await this.sweep();
  }

  onApplicationShutdown(): void {
    this.stopKeeping?.();
  }

  /**
   * Uploads not yet turned into shipments after `lostAfterMs` and rows committed but never queued after
   * `lostAfterMs` (a process died between its commit and its enqueue); rows queued but untouched for
   * SHIPMENT_RECOVERY_AFTER_MS (their job lost with Redis), or all queued PENDING rows at once when
   * `redisLost` (Redis forgot its schedules, so its jobs too). Returns the rows re-queued.
   */
  async sweep(opts: { redisLost?: boolean } = {}): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      // Redis trouble here must not stop the Postgres side of the sweep.
      await this.takeOverDead().catch((err: Error) =>
        this.logger.warn(`Could not look for jobs of dead workers: ${err.message}`),
      );
      const { recoveryAfterMs } = this.config.shipments;
      const lostAfterMs = lostAfter(this.config);
      const uploads = await this.uploadRows.unmaterialized({ olderThanMs: opts.redisLost ? 0 : lostAfterMs });
      // A new job id each time: a recovery job that failed before is kept by the queue for a week,
      // and adding a job under its id again would do nothing, leaving the upload with no worker on it.
      const at = Date.now();
      for (const u of uploads) {
        this.logger.warn(`Upload ${u.id} is stuck: its rows are not all shipments yet; queued again`);
        await this.queueing.queueMaterialize(u.id, `materialize-${u.id}-recover-${at}`);
      }
      const rows = [
        // Committed but never queued (partial index shipments_unqueued): a process died between its commit
        // and its enqueue, or Redis was away when the rows were saved (decision 0039).
        ...(await this.shipments.requeueLost({
          queued: false,
          olderThanMs: opts.redisLost ? 0 : lostAfterMs,
        })),
        // Queued, untouched since: the job is gone.
        ...(await this.shipments.requeueLost({
          queued: true,
          olderThanMs: opts.redisLost ? 0 : recoveryAfterMs,
        })),
      ];
      // Slices committed whose jobs never arrived (decision 0060): their shipments still PENDING.
      const lost = await this.queueIntents.takeLost({
        olderThanMs: opts.redisLost ? 0 : lostAfterMs,
        limit: INTENTS_PER_SWEEP,
      });
      const stamp = Date.now();
      const queuedUploads = new Set<string>();
      // Grouped in linear time: up to 20,000 rows, often of one upload.
      for (const list of groupBy(rows, (r) => r.upload_id)) {
        const uploadId = list[0]!.upload_id;
        const sent = await this.queueing.enqueue(uploadId, list, {
          priority: 1,
          jobPrefix: `recover-${stamp}`,
        });
        if (sent > 0) queuedUploads.add(uploadId);
      }
      // An intent's rows the lines above took already (Redis lost its data: every queued row) are not
      // queued twice. Another job id prefix: those rows' jobs have taken `recover-<stamp>-<upload>-<n>`.
      const taken = new Set(rows.map((r) => r.id));
      const fromIntents = lost.rows.filter((r) => !taken.has(r.id));
      for (const list of groupBy(fromIntents, (r) => r.upload_id)) {
        const uploadId = list[0]!.upload_id;
        const intents = lost.intents.filter((i) => i.uploadId === uploadId);
        await this.queueing.enqueue(uploadId, list, { priority: 1, jobPrefix: `recover-i${stamp}`, intents });
      }
      // The other intents have nothing left to queue (their shipments ended, or were queued above).
      const waiting = new Set(fromIntents.map((r) => r.upload_id));
      for (const r of lost.rows) {
        if (taken.has(r.id) && !queuedUploads.has(r.upload_id)) waiting.add(r.upload_id);
      }
      await this.queueIntents.drop(lost.intents.filter((i) => !waiting.has(i.uploadId)));
      const requeued = rows.length + fromIntents.length;
      if (requeued === 0) return 0;
      this.logger.warn(`Re-queued ${requeued} shipments that were waiting without a job`);
      return requeued;
    } finally {
      this.running = false;
    }
  }
}

/**
 * How long a committed row may wait for its job, or an upload for its materialisation, before the sweep
 * treats it as lost: 30 s (the normal path queues within milliseconds of the commit), or less when
 * SHIPMENT_RECOVERY_AFTER_MS is shorter.
 */
export function lostAfter(config: AppConfig): number {
  return Math.min(LOST_AFTER_MS, config.shipments.recoveryAfterMs);
}

/**
 * The longest a row waits, after any single crash, before it is terminal or visibly retrying again, from
 * the configured timings (decision 0016): a row committed but never queued (lostAfter + one sweep
 * interval); a job whose worker died (its lock lapses after SHIPMENT_LOCK_MS and is found within half of
 * that, the bound keeping twice the lock; the dead worker's account permits lapse within seconds, decision
 * 0038); jobs lost with Redis (the next schedule check, one interval). 90 s with the defaults.
 */
export function recoveryBoundMs(config: AppConfig): number {
  const { lockMs, recoveryIntervalMs } = config.shipments;
  return Math.max(lostAfter(config) + recoveryIntervalMs, 2 * lockMs, recoveryIntervalMs);
}
