import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Job, Queue } from 'bullmq';
import { Clock } from '../../common/clock.js';
import { DIGEST_JOBS, QUEUES, type DailyDigestJob } from '../../common/queue/queues.js';
import { DigestService, utcDay } from './digest.service.js';

/** When the daily digest goes out (UTC): after the nightly order sync at 03:00. */
export const DAILY_DIGEST_CRON = '0 7 * * *';

@Processor(QUEUES.DIGEST, { concurrency: 2 })
export class DigestProcessor extends WorkerHost {
  private readonly logger = new Logger('DigestProcessor');

  constructor(
    private readonly digest: DigestService,
    private readonly clock: Clock,
    @InjectQueue(QUEUES.DIGEST) private readonly queue: Queue<DailyDigestJob>,
  ) {
    super();
  }

  process(job: Job<DailyDigestJob>) {
    return this.digest.sendDaily(job.data.companyId, job.data.day);
  }

  /**
   * The daily schedule, in this one place: one job per company with a recipient. The job id makes a
   * second scheduler's job for the same company and day collapse into the first; the send itself is
   * once per company per day in Postgres (DigestService.sendDaily) whatever runs it.
   */
  @Cron(DAILY_DIGEST_CRON, { name: 'daily-digest', timeZone: 'UTC' })
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
