import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { dispatchJob, type JobHandlers, type JobProcessor } from '../../common/queue/job-dispatch.js';
import { QUEUES, WEBHOOK_JOBS } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { WebhookAttempts } from './webhook-attempts.service.js';
import { WebhookDispatch } from './webhook-dispatch.service.js';

/**
 * The webhooks queue (decision 0068): the tick (once per fleet) scans for events and queues the
 * deliveries due; a delivery job (its id only) makes one try. A try that fails is planned again in
 * Postgres, so the job itself never retries.
 */
@Processor(QUEUES.WEBHOOKS, { concurrency: 8 })
export class WebhooksProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown, JobProcessor<typeof QUEUES.WEBHOOKS>
{
  private readonly logger = new Logger('WebhooksProcessor');
  private stopKeeping?: () => void;
  readonly queueName = QUEUES.WEBHOOKS;
  readonly handlers: JobHandlers<typeof QUEUES.WEBHOOKS> = {
    [WEBHOOK_JOBS.TICK]: () => this.dispatch.tick(),
    [WEBHOOK_JOBS.DELIVER]: async (job) => {
      const attempt = await this.delivery.attempt(job.data.deliveryId);
      // The job's result is what the queue dashboard shows: never the answer's body.
      return attempt.tried ? { ok: attempt.ok, status: attempt.status } : { skipped: true };
    },
  };

  constructor(
    private readonly dispatch: WebhookDispatch,
    private readonly delivery: WebhookAttempts,
    @InjectQueue(QUEUES.WEBHOOKS) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.stopKeeping = await keepSchedule(
      this.queue,
      WEBHOOK_JOBS.TICK,
      { everyMs: this.config.webhooks.tickMs },
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
