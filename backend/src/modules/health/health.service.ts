import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { QUEUES, SYSTEM_JOBS, type PingJob } from '../../common/queue/queues.js';
import { REDIS } from '../../common/queue/redis.module.js';
import { bullConnection } from '../../common/queue/redis.js';

const CHECK_TIMEOUT_MS = 3000;
const QUEUE_TIMEOUT_MS = 5000;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private events?: QueueEvents;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(QUEUES.SYSTEM) private readonly systemQueue: Queue<PingJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  check(): Promise<HealthCheckResult> {
    return this.health.check([
      () =>
        this.indicators
          .check('database')
          .attempt(async () => {
            await this.db.query('SELECT 1');
          })
          .withTimeout(CHECK_TIMEOUT_MS),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => {
            const pong = await this.redis.ping();
            if (pong !== 'PONG') throw new Error(`unexpected answer ${String(pong)}`);
          })
          .withTimeout(CHECK_TIMEOUT_MS),
      () =>
        this.indicators
          .check('queue')
          .attempt(async () => this.queueRoundTrip())
          .withTimeout(QUEUE_TIMEOUT_MS + 500),
    ]);
  }

  /** Enqueues a ping and waits for a worker to answer it. */
  async queueRoundTrip(): Promise<{ roundTripMs: number }> {
    const started = Date.now();
    const events = await this.queueEvents();
    const job = await this.systemQueue.add(
      SYSTEM_JOBS.PING,
      { sentAt: started },
      {
        jobId: `ping-${randomUUID()}`,
        removeOnComplete: { age: 300, count: 100 },
        removeOnFail: { age: 300, count: 100 },
        attempts: 1,
      },
    );
    await job.waitUntilFinished(events, QUEUE_TIMEOUT_MS);
    return { roundTripMs: Date.now() - started };
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(QUEUES.SYSTEM, {
        connection: bullConnection(this.config.redisUrl),
        prefix: this.config.queuePrefix,
      });
      await this.events.waitUntilReady();
    }
    return this.events;
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}
