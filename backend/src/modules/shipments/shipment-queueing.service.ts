import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { JobsOptions, Queue } from 'bullmq';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Shutdown } from '../../common/shutdown.js';
import { QUEUES, SHIPMENT_JOBS, type ShipmentsQueueJob } from '../../common/queue/queues.js';
import { retryBackoff } from '../../common/queue/retry-backoff.js';
import { createJob, groupBy, packOrders } from './order-groups.js';
import { RETRY_BASE_DELAY_MS } from './retry-schedule.js';
import { materializeNextSlice } from './upload-slices.js';
import { BATCH_SIZE, JOBS_PER_BATCH, slices } from './upload-staging.js';

/** Jobs per addBulk call. */
const ENQUEUE_SLICE = 200;

export const SHIPMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: retryBackoff(RETRY_BASE_DELAY_MS),
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
  ) {}

  /** Queues one shipment on its own (a person's retry), ahead of uploads' batches. */
  async queueOne(shipmentId: string, jobId: string): Promise<void> {
    await this.queue.add(SHIPMENT_JOBS.CREATE, createJob([[shipmentId]]), {
      ...SHIPMENT_JOB_OPTIONS,
      jobId,
      priority: 1,
    });
  }

  /** Asks a worker to turn an upload's staged slices into shipments. A failure is left to the recovery sweep. */
  async queueMaterialize(uploadId: string, jobId: string, priority?: number): Promise<void> {
    try {
      await this.queue.add(
        SHIPMENT_JOBS.MATERIALIZE,
        priority === undefined ? { uploadId } : { uploadId, priority },
        { ...SHIPMENT_JOB_OPTIONS, removeOnComplete: true, jobId, priority: 1 },
      );
    } catch (err) {
      this.logger.error({ err }, `Queueing upload ${uploadId} failed; the recovery sweep will queue it`);
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
  async materialize(uploadId: string, priority?: number): Promise<{ queued: number; repeats: number }> {
    let queued = 0;
    let repeats = 0;
    for (;;) {
      this.shutdown.throwIfStopping(); // between slices: the job is handed back, the rest stays staged
      const done = await this.db.transaction((tx) => materializeNextSlice(tx, uploadId));
      if (!done) break;
      if (done.refused) {
        this.logger.warn(
          `Upload ${uploadId}: ${done.refused} row(s) of slice ${done.batchNo} refused by the database; the others continue`,
        );
      }
      repeats += done.storedBefore;
      queued += await this.enqueue(
        uploadId,
        done.inserted,
        priority,
        `ship-b${done.batchNo}`,
        done.batchNo * JOBS_PER_BATCH,
      );
      await yieldToLoop();
    }
    await this.db.query(
      `UPDATE uploads SET materialized_at = now()
        WHERE id = $1 AND materialized_at IS NULL AND NOT EXISTS (SELECT 1 FROM upload_batches WHERE upload_id = $1)`,
      [uploadId],
    );
    return { queued, repeats };
  }

  /**
   * Queues new shipments (all of one company: one upload's) in jobs of about BATCH_SIZE that keep an
   * order's rows together and say which ids are one order; job n gets priority n so uploads interleave.
   */
  async enqueue(
    uploadId: string,
    rows: { id: string; order_id: string }[],
    priority?: number,
    jobPrefix = 'ship',
    priorityBase = 0,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const orders = groupBy(rows, (r) => r.order_id).map((group) => group.map((r) => r.id));
    const batches = packOrders(orders, BATCH_SIZE);
    try {
      const jobs = batches.map((batch, i) => ({
        name: SHIPMENT_JOBS.CREATE,
        data: createJob(batch),
        opts: {
          ...SHIPMENT_JOB_OPTIONS,
          jobId: `${jobPrefix}-${uploadId}-${i}`,
          priority: priority ?? Math.min(priorityBase + i + 1, 2_000_000),
        },
      }));
      // A few hundred jobs per call: one call for thousands of jobs serialises them all in one go.
      for await (const chunk of slices(jobs, ENQUEUE_SLICE)) await this.queue.addBulk(chunk);
      // Queued: the sweep no longer takes these rows for lost ones (decision 0016).
      await this.db.query(
        'UPDATE shipments SET queued_at = now() WHERE id = ANY($1::uuid[]) AND queued_at IS NULL',
        [rows.map((r) => r.id)],
      );
    } catch (err) {
      this.logger.error(
        { err },
        `Queueing upload ${uploadId} failed; the recovery sweep will queue its rows`,
      );
    }
    return rows.length;
  }
}
