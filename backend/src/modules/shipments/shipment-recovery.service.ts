import { InjectQueue } from '@nestjs/bullmq';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { QUEUES, SHIPMENT_JOBS } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { ShipmentsService } from './shipments.service.js';

/**
 * Rows stay PENDING in Postgres until they are terminal, so Postgres — not Redis — is the truth. A
 * PENDING row untouched for SHIPMENT_RECOVERY_AFTER_MS (its job lost with a Redis restart, or never
 * queued) is queued again. Running it twice is safe: processing re-reads the order before creating.
 * The sweep is a BullMQ job scheduler on the shipments queue: one run per SHIPMENT_RECOVERY_INTERVAL_MS
 * for the whole fleet, whichever worker takes it.
 */
@Injectable()
export class ShipmentRecoveryService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ShipmentRecovery');
  private running = false;
  private stopKeeping?: () => void;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly shipments: ShipmentsService,
    @InjectQueue(QUEUES.SHIPMENTS) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const everyMs = this.config.shipments.recoveryIntervalMs;
    this.stopKeeping = await keepSchedule(
      this.queue,
      SHIPMENT_JOBS.RECOVERY_SWEEP,
      { everyMs },
      everyMs,
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stopKeeping?.();
  }

  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      // Uploads whose staged rows were not all turned into shipments (their job lost, or never queued).
      const uploads: { id: string }[] = await this.db.query(
        `SELECT id FROM uploads WHERE materialized_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')
          ORDER BY created_at LIMIT 100`,
        [this.config.shipments.recoveryAfterMs],
      );
      for (const u of uploads) await this.shipments.queueMaterialize(u.id, `materialize-${u.id}-recover`);
      if (uploads.length)
        this.logger.warn(`Re-queued ${uploads.length} uploads still waiting to become shipments`);
      const rows: { id: string; order_id: string; upload_id: string }[] = await this.db
        .query(
          `UPDATE shipments SET updated_at = now()
          WHERE id IN (SELECT id FROM shipments WHERE status = 'PENDING' AND updated_at < now() - ($1::int * interval '1 millisecond')
                        ORDER BY updated_at LIMIT 10000 FOR UPDATE SKIP LOCKED)
          RETURNING id, order_id, upload_id`,
          [this.config.shipments.recoveryAfterMs],
        )
        .then((r: unknown) => (Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as never[]) : (r as never[])));
      if (rows.length === 0) return 0;
      const byUpload = new Map<string, { id: string; order_id: string }[]>();
      for (const r of rows) byUpload.set(r.upload_id, [...(byUpload.get(r.upload_id) ?? []), r]);
      const stamp = Date.now();
      for (const [uploadId, list] of byUpload)
        await this.shipments.enqueue(uploadId, list, 1, `recover-${stamp}`);
      this.logger.warn(`Re-queued ${rows.length} shipments that were waiting without a job`);
      return rows.length;
    } finally {
      this.running = false;
    }
  }
}
