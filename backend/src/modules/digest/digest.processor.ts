import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { dispatchJob, type JobHandlers, type JobProcessor } from '../../common/queue/job-dispatch.js';
import { DIGEST_JOBS, QUEUES } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { DigestService, utcDay } from './digest.service.js';

/** When the daily digest goes out (UTC): after the nightly order sync at 03:00. */
export const DAILY_DIGEST_CRON = '0 7 * * *';

@Processor(QUEUES.DIGEST, { concurrency: 2 })
export class DigestProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown, JobProcessor<typeof QUEUES.DIGEST>
{
  private readonly logger = new Logger('DigestProcessor');
  private stopKeeping?: () => void;
  readonly queueName = QUEUES.DIGEST;
  readonly handlers: JobHandlers<typeof QUEUES.DIGEST> = {
    [DIGEST_JOBS.DAILY]: () => this.daily(),
    [DIGEST_JOBS.SEND]: (job) => this.digest.sendDaily(job.data.companyId, job.data.day),
  };

  constructor(
    private readonly digest: DigestService,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.DIGEST) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Every worker registers the daily schedule (a BullMQ job scheduler): it runs once a day per fleet. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopKeeping = await keepSchedule(
      this.queue,
      DIGEST_JOBS.DAILY,
      { pattern: DAILY_DIGEST_CRON },
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

  /**
   * The daily schedule, in this one place: one job per company with a recipient. The job id makes a
   * second scheduler's job for the same company and day collapse into the first; the send itself is
   * once per company per day in Postgres (DigestService.sendDaily) whatever runs it.
   */
  async daily(): Promise<number> {
    const day = utcDay(this.clock.now());
    const companies = await this.digest.companiesWithRecipients();
    for (const companyId of companies) {
      try {
        await this.queue.add(
          DIGEST_JOBS.SEND,
          { companyId, day },
          {
            jobId: `digest-${companyId}-${day}`,
            attempts: 3,
            backoff: { type: 'exponential', delay: 60_000 },
            removeOnComplete: 1000,
            removeOnFail: 1000,
          },
        );
      } catch (err) {
        this.logger.error({ err }, `Could not schedule the digest of company ${companyId}`);
      }
    }
    return companies.length;
  }
}
