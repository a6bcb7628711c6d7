import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { QUEUES, SYSTEM_JOBS, type PingJob } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { TokenRevocations } from '../marketplace/index.js';

/** Every 10 minutes (UTC): revoke the Faire tokens the product dropped but could not revoke at once. */
export const TOKEN_REVOCATION_PATTERN = '*/10 * * * *';

/**
 * The system queue: answers the health check's round trip (proves a worker is consuming jobs) and runs
 * the housekeeping schedules, once per fleet whichever worker takes them.
 */
@Processor(QUEUES.SYSTEM)
export class SystemProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SystemProcessor');
  private stopKeeping?: () => void;

  constructor(
    @InjectQueue(QUEUES.SYSTEM) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly revocations: TokenRevocations,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.stopKeeping = await keepSchedule(
      this.queue,
      SYSTEM_JOBS.REVOKE_DROPPED_TOKENS,
      { pattern: TOKEN_REVOCATION_PATTERN },
      this.config.shipments.recoveryIntervalMs,
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stopKeeping?.();
  }

  async process(job: Job<PingJob>): Promise<unknown> {
    switch (job.name) {
      case SYSTEM_JOBS.PING:
        return { pong: true, latencyMs: Date.now() - job.data.sentAt };
      case SYSTEM_JOBS.REVOKE_DROPPED_TOKENS:
        return { left: await this.revocations.drain() };
      default:
        throw new Error(`Unknown system job ${job.name}`);
    }
  }
}
