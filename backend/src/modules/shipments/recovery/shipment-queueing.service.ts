import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobsOptions, Queue } from 'bullmq';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Shutdown } from '../../../common/shutdown.js';
import { addPromptly, QueueUnavailableError } from '../../../common/queue/queue-gate.js';
import { QUEUES, SHIPMENT_JOBS, type ShipmentsQueueJob } from '../../../common/queue/queues.js';
import { retryBackoff } from '../../../common/queue/retry-backoff.js';
import { createJob, groupBy, packOrders } from '../intake/order-groups.js';
import { type QueueIntentKey, ShipmentQueueIntents } from './queue-intents.repository.js';
import { ShipmentsRepository } from '../processing/shipments.repository.js';
import { UploadsRepository } from '../intake/uploads.repository.js';
import { materializeNextSlice } from '../intake/upload-slices.js';
import { BATCH_SIZE, JOBS_PER_BATCH, slices } from '../intake/upload-staging.js';

/** Jobs per addBulk call. */
const ENQUEUE_SLICE = 200;

/**
 * BullMQ's attempts are spent only by unexpected errors (a bug, the database away): Faire's faults make
 * the job wait in the delayed set without using one (decision 0037).
 */
export const SHIPMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: retryBackoff(2000),
  removeOnComplete: { age: 3600, count: 20000 },
  removeOnFail: { age: 7 * 86400 },
};

/**
 * The queue side of shipments, shared by intake (small uploads, retries) and the worker (big uploads,
 * the recovery sweep): staged slices become shipments, and new shipments become jobs that keep an
 * order's rows together. Nothing here is written for HTTP.
 */
@Injectable()
export class ShipmentQueueing {
  private readonly logger = new Logger('ShipmentQueueing');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.SHIPMENTS) private readonly queue: Queue<ShipmentsQueueJob>,
    private readonly shutdown: Shutdown,
    private readonly shipments: ShipmentsRepository,
    private readonly uploadRows: UploadsRepository,
    private readonly queueIntents: ShipmentQueueIntents,
  ) {}

  /** Jobs waiting for a worker slot now (not those waiting for a time: delayed). */
  async waitingJobs(): Promise<number> {
    const counts = await this.queue.getJobCounts('wait', 'prioritized');
    return (counts.wait ?? 0) + (counts.prioritized ?? 0);
  }

  /**
   * Queues one shipment on its own (a person's retry), ahead of uploads' batches. False when the queue is
   * unavailable: the row is PENDING without a job, and the recovery sweep queues it once Redis is back.
   */
  async queueOne(shipmentId: string, jobId: string): Promise<boolean> {
    try {
      await addPromptly(this.queue, () =>
        this.queue.add(SHIPMENT_JOBS.CREATE, createJob([[shipmentId]]), {
          ...SHIPMENT_JOB_OPTIONS,
          jobId,
          priority: 1,
        }),
      );
    } catch (err) {
      this.queueFailed(err, `shipment ${shipmentId}`);
      return false;
    }
    await this.shipments.markQueuedOne(shipmentId);
    return true;
  }

  /**
   * Asks a worker to turn an upload's staged slices into shipments. False when the queue is unavailable
   * (left to the recovery sweep, which takes uploads not turned into shipments).
   */
  async queueMaterialize(uploadId: string, jobId: string, priority?: number): Promise<boolean> {
    try {
      await addPromptly(this.queue, () =>
        this.queue.add(
          SHIPMENT_JOBS.MATERIALIZE,
          priority === undefined ? { uploadId } : { uploadId, priority },
          { ...SHIPMENT_JOB_OPTIONS, removeOnComplete: true, jobId, priority: 1 },
        ),
      );
      return true;
    } catch (err) {
      this.queueFailed(err, `upload ${uploadId}`);
      return false;
    }
  }

  /** One warning when Redis is away (the rows are safe in Postgres), an error for anything else. */
  private queueFailed(err: unknown, what: string): void {
    if (err instanceof QueueUnavailableError) {
      this.logger.warn(`${err.message}: ${what} is saved and will be queued by the recovery sweep`);
    } else {
      this.logger.error({ err }, `Queueing ${what} failed; the recovery sweep will queue it`);
    }
  }

  /**
   * Turns an upload's staged slices into shipments, one slice per transaction: the slice's rows are
   * inserted (one shipment per company + order + tracking number; a repeat is linked to the existing
   * shipment in `upload_rows`) and the slice is deleted in the same transaction, so a crash at any
   * point leaves each slice either untouched or done. Slices are taken with SKIP LOCKED, so two
   * workers on the same upload never take the same slice. New shipments are queued after each commit;
   * if that fails, the recovery sweep queues them.
   */
  async materialize(
    uploadId: string,
    priority?: number,
  ): Promise<{ queued: number; repeats: number; unqueued: number }> {
    let queued = 0;
    let repeats = 0;
    let unqueued = 0;
    for (;;) {
      this.shutdown.throwIfStopping(); // between slices: the job is handed back, the rest stays staged
      const done = await againOnConflict(() =>
        this.db.transaction((tx) => materializeNextSlice(tx, uploadId)),
      );
      if (!done) break;
      if (done.refused) {
        this.logger.warn(
          `Upload ${uploadId}: ${done.refused} row(s) of slice ${done.batchNo} refused by the database; the others continue`,
        );
      }
      repeats += done.storedBefore;
      const sent = await this.enqueue(uploadId, done.inserted, {
        priority,
        jobPrefix: `ship-b${done.batchNo}`,
        priorityBase: done.batchNo * JOBS_PER_BATCH,
        intents: done.intent ? [done.intent] : [],
      });
      queued += sent;
      unqueued += done.inserted.length - sent;
      await yieldToLoop();
    }
    await this.uploadRows.markMaterialized({ uploadId });
    return { queued, repeats, unqueued };
  }

  /**
   * Queues new shipments (all of one company: one upload's) in jobs of about BATCH_SIZE that keep an
   * order's rows together and say which ids are one order; job n gets priority n so uploads interleave.
   * Once the jobs are added, the rows are marked queued: by dropping their slices' queue `intents` when
   * they came with one (decision 0060), else row by row (`queued_at`). Answers how many rows were
   * queued: 0 when the queue was unavailable (their intent or NULL `queued_at` stays, and the recovery
   * sweep queues them; a part queued before an outage is queued again, harmlessly).
   */
  async enqueue(
    uploadId: string,
    rows: { id: string; order_id: string }[],
    o: EnqueueOptions = {},
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const intents = o.intents ?? [];
    const orders = groupBy(rows, (r) => r.order_id).map((group) => group.map((r) => r.id));
    const batches = packOrders(orders, BATCH_SIZE);
    const jobPrefix = o.jobPrefix ?? 'ship';
    try {
      const jobs = batches.map((batch, i) => ({
        name: SHIPMENT_JOBS.CREATE,
        data: createJob(batch),
        opts: {
          ...SHIPMENT_JOB_OPTIONS,
          jobId: `${jobPrefix}-${uploadId}-${i}`,
          priority: o.priority ?? Math.min((o.priorityBase ?? 0) + i + 1, 2_000_000),
        },
      }));
      // A few hundred jobs per call: one call for thousands of jobs serialises them all in one go.
      for await (const chunk of slices(jobs, ENQUEUE_SLICE)) {
        await addPromptly(this.queue, () => this.queue.addBulk(chunk));
      }
      // Queued: the sweep no longer takes these rows for lost ones (decision 0016).
      if (intents.length) await this.queueIntents.drop(intents);
      else await this.shipments.markQueued(rows.map((r) => r.id));
    } catch (err) {
      this.queueFailed(err, `${rows.length} shipment(s) of upload ${uploadId}`);
      return 0;
    }
    return rows.length;
  }
}

/** How `ShipmentQueueing.enqueue` names, orders and marks the jobs. */
export interface EnqueueOptions {
  /** Every job's priority; by default job n of the call gets `priorityBase + n + 1`. */
  priority?: number;
  /** Job ids are `<jobPrefix>-<uploadId>-<n>`: a prefix used again adds nothing (BullMQ keeps ids). */
  jobPrefix?: string;
  priorityBase?: number;
  /** The slices' queue intents the rows came with: dropped once the jobs are added (decision 0060). */
  intents?: readonly QueueIntentKey[];
}

/** SQLSTATEs of a transaction Postgres chose to abort for another one (a deadlock, a serialisation conflict). */
const CONFLICT_STATES = new Set(['40P01', '40001']);

/**
 * A slice's transaction again when Postgres aborted it for another one: it committed nothing, so running
 * it again is the same slice turned into shipments once (decision 0011). Rows are written in one key
 * order, so this should not happen between uploads; it keeps each upload's answer exact if it does.
 */
async function againOnConflict<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (err) {
      const e = err as { code?: unknown; driverError?: { code?: unknown } };
      const code = typeof e.code === 'string' ? e.code : e.driverError?.code;
      if (i >= tries || typeof code !== 'string' || !CONFLICT_STATES.has(code)) throw err;
    }
  }
}
