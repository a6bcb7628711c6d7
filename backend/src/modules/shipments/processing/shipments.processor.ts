import { WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { foreignJob } from '../../../common/queue/foreign-job.js';
import { handBack } from '../../../common/queue/hand-back.js';
import {
  dispatchJob,
  type CatalogueJob,
  type JobHandlers,
  type JobProcessor,
} from '../../../common/queue/job-dispatch.js';
import { QUEUES, SHIPMENT_JOBS } from '../../../common/queue/queues.js';
import { ShipmentProcessingService } from './shipment-processing.service.js';
import { ShipmentRecoveryService } from '../recovery/shipment-recovery.service.js';
import { ShipmentQueueing } from '../recovery/shipment-queueing.service.js';
import { UploadsRepository } from '../intake/uploads.repository.js';
import { WORKER_PROCESS_ID } from '../recovery/worker-liveness.js';

/**
 * A thin adapter: the work is in ShipmentProcessingService. A job cut off by a dead worker is taken
 * back at once by the next worker that starts or sweeps (ShipmentRecoveryService.takeOverDead), else
 * picked up again as stalled (up to 20 times) once its lock lapses; processing is written to be re-run
 * safely. Faire's faults never fail a job: it waits in the delayed set and runs again (decision 0037);
 * an unexpected error fails the attempt, retried by BullMQ with the backoff of
 * common/queue/retry-backoff.ts. A job named outside the catalogue fails at once (UnknownJobError).
 * Registered as the `shipments` queue's processor by WorkerModule (worker.module.ts), with options from
 * the config; the worker starts taking jobs only once recovery has booted (it says this process is
 * alive first).
 */
@Injectable()
export class ShipmentsProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, JobProcessor<typeof QUEUES.SHIPMENTS>
{
  private readonly logger = new Logger('ShipmentsProcessor');
  readonly queueName = QUEUES.SHIPMENTS;
  readonly handlers: JobHandlers<typeof QUEUES.SHIPMENTS, void> = {
    [SHIPMENT_JOBS.CREATE]: (job, token) => this.create(job, token),
    [SHIPMENT_JOBS.MATERIALIZE]: (job) => this.materialize(job),
    [SHIPMENT_JOBS.RECOVERY_SWEEP]: async () => {
      await this.recovery.sweep();
    },
  };
  /** Create jobs running in this process now. */
  private running = 0;

  constructor(
    private readonly processing: ShipmentProcessingService,
    private readonly queueing: ShipmentQueueing,
    private readonly recovery: ShipmentRecoveryService,
    private readonly uploadRows: UploadsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.recovery.boot();
    if (!this.worker.isRunning()) {
      void this.worker
        .run()
        .catch((err: Error) => this.logger.error({ err }, 'The shipments worker stopped'));
    }
  }

  async process(job: Job, token?: string): Promise<void> {
    return handBack(job, token, () => dispatchJob(this.queueName, job, this.handlers, token));
  }

  private async materialize(
    job: CatalogueJob<typeof QUEUES.SHIPMENTS, typeof SHIPMENT_JOBS.MATERIALIZE>,
  ): Promise<void> {
    const { uploadId, priority } = job.data;
    if (!(await this.uploadRows.isKnown({ uploadId }))) {
      throw foreignJob(job, `upload ${uploadId}`, this.config.queuePrefix);
    }
    await this.queueing.materialize(uploadId, priority);
  }

  private async create(
    job: CatalogueJob<typeof QUEUES.SHIPMENTS, typeof SHIPMENT_JOBS.CREATE>,
    token?: string,
  ): Promise<void> {
    // Refused, the job keeps its place in its account's line (by queue priority, then age) while it
    // waits in the delayed set, so a job put back after a crash is next, not last.
    const waiter = job.id
      ? { id: job.id, priority: job.opts.priority ?? 0, createdAtMs: job.timestamp }
      : undefined;
    const waitUntil = async (at: number): Promise<never> => {
      await job.moveToDelayed(Math.max(at, Date.now()), token);
      throw new DelayedError();
    };
    // The account already has its share of running jobs: free this slot for another company.
    const waitInLine = (ahead: number) => waitUntil(Date.now() + permitRetryDelayMs(ahead));
    let permit: { release(): Promise<void> } | null = null;
    this.running += 1;
    try {
      // A job refused before asks for its account's permit first: waiting in line reads no rows.
      if (job.data.accountKey) {
        const early = await this.processing.permitForAccount(job.data.accountKey, WORKER_PROCESS_ID, waiter);
        if ('ahead' in early) return await waitInLine(early.ahead);
        permit = early;
      }
      // The job's rows, read once: whether this database knows them, their company and their orders.
      const batch = await this.processing.load(job.data);
      if (!batch) {
        throw foreignJob(job, `${job.data.shipmentIds.length} shipments`, this.config.queuePrefix);
      }
      if (!permit) {
        const got = await this.processing.permitFor(batch, WORKER_PROCESS_ID, waiter);
        if ('ahead' in got) {
          await job.updateData({ ...job.data, accountKey: got.accountKey });
          return await waitInLine(got.ahead);
        }
        permit = got;
      }
      const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // Every slot of this worker busy and a job waiting for one: after a slice, this job gives its
      // slot back and is queued again behind the waiting job (its priority, a later place): one brand's
      // file never holds every slot, whatever their number (decision 0041).
      const shouldYield = async () =>
        this.running >= this.config.shipments.workerConcurrency && (await this.queueing.waitingJobs()) > 0;
      const { retryAt } = await this.processing.processBatch(batch, { lastAttempt, shouldYield });
      // Orders waiting on Faire (throttled, or Faire had trouble): the job waits in the delayed set for
      // the first of them, holding nothing and using none of its attempts (decision 0037).
      if (retryAt !== null) return await waitUntil(retryAt);
    } finally {
      this.running -= 1;
      await permit?.release();
    }
  }
}

/**
 * When a job refused its account's permit asks again: the first in line within 0.4-0.8 s (a permit
 * that frees is taken at once), each job further back 250 ms later, up to 3.3 s in all, under the 5 s
 * after which a waiter that stopped asking leaves the line (PERMIT_WAITER_IDLE_MS). A long line of one
 * brand's jobs then costs a few refused tries per second, not every waiting job every half second.
 */
export function permitRetryDelayMs(ahead: number, random = Math.random()): number {
  return 400 + Math.floor(random * 400) + Math.min(2500, Math.max(0, ahead) * 250);
}
