import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { dispatchJob, type JobHandlers, type JobProcessor } from '../../common/queue/job-dispatch.js';
import { QUEUES, SYSTEM_JOBS } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { TokenRevocations } from '../marketplace/index.js';

/** Every 10 minutes (UTC): revoke the Faire tokens the product dropped but could not revoke at once. */
export const TOKEN_REVOCATION_PATTERN = '*/10 * * * *';

/**
 * The system queue: answers the health check's round trip (proves a worker is consuming jobs) and runs
 * the housekeeping schedules, once per fleet whichever worker takes them.
 */
@Processor(QUEUES.SYSTEM)
export class SystemProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown, JobProcessor<typeof QUEUES.SYSTEM>
{
  private readonly logger = new Logger('SystemProcessor');
  private stopKeeping?: () => void;
  readonly queueName = QUEUES.SYSTEM;
  readonly handlers: JobHandlers<typeof QUEUES.SYSTEM> = {
    [SYSTEM_JOBS.PING]: (job) => Promise.resolve({ pong: true, latencyMs: Date.now() - job.data.sentAt }),
    [SYSTEM_JOBS.REVOKE_DROPPED_TOKENS]: async () => ({ left: await this.revocations.drain() }),
  };

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

  process(job: Job): Promise<unknown> {
    return dispatchJob(this.queueName, job, this.handlers);
  }
}
