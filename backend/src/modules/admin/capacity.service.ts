import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { QUEUES } from '../../common/queue/queues.js';
import { databaseConnections } from './database-load.query.js';
import type { CapacityView, QueueDepthView } from './dto/admin.dto.js';

/** Database connections and queue depth, for the System Status card (one cheap read of each). */
@Injectable()
export class CapacityService {
  private readonly logger = new Logger('Capacity');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.SHIPMENTS) private readonly shipments: Queue,
    @InjectQueue(QUEUES.ORDERS) private readonly orders: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async capacity(): Promise<CapacityView> {
    const pool = (this.db.driver as unknown as { master?: pg.Pool }).master;
    const [connections, shipments, orders] = await Promise.all([
      databaseConnections(this.db).catch((err: Error) => {
        this.logger.warn(`Connection count failed: ${err.message}`);
        return null;
      }),
      this.depth(this.shipments),
      this.depth(this.orders),
    ]);
    return {
      pool: {
        size: this.config.dbPoolSize,
        open: pool?.totalCount ?? 0,
        inUse: pool ? pool.totalCount - pool.idleCount : 0,
        waiting: pool?.waitingCount ?? 0,
      },
      databaseConnections: connections?.used ?? null,
      databaseMaxConnections: connections?.allowed ?? null,
      queues: { shipments, orders },
    };
  }

  private async depth(queue: Queue): Promise<QueueDepthView | null> {
    try {
      const c = await queue.getJobCounts('wait', 'prioritized', 'active', 'delayed', 'failed');
      return {
        waiting: (c.wait ?? 0) + (c.prioritized ?? 0),
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
        failed: c.failed ?? 0,
      };
    } catch (err) {
      this.logger.warn(`Queue depth of ${queue.name} failed: ${(err as Error).message}`);
      return null;
    }
  }
}
