import { InjectQueue, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, UnrecoverableError, type Job, type Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { dispatchJob, type JobHandlers, type JobProcessor } from '../../common/queue/job-dispatch.js';
import { QUEUES, SOURCE_JOBS } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { SourceRelease } from './source-release.service.js';
import { SourceSync } from './source-sync.service.js';
import { SourceConnectors } from './source-connector.js';

/**
 * The sources queue (decision 0036): the tick (once per fleet every SOURCE_TICK_MS) queues each
 * connection's due poll, waiting deliveries and labels past their grace; jobs carry a connection id
 * only. A passing ShipStation fault (429, 5xx, no answer) moves the job to the delayed set until the
 * rate window resets, without spending an attempt; the read resumes from the high-water mark. Registered
 * as the queue's processor in WorkerModule.forRoot (its lock, SOURCE_LOCK_MS, is configured).
 */
export class SourcesProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown, JobProcessor<typeof QUEUES.SOURCES>
{
  private readonly logger = new Logger('SourcesProcessor');
  private stopKeeping?: () => void;
  readonly queueName = QUEUES.SOURCES;
  readonly handlers: JobHandlers<typeof QUEUES.SOURCES> = {
    [SOURCE_JOBS.TICK]: () => this.sync.tick(),
    [SOURCE_JOBS.EVENTS]: (job) => this.sync.readEvents(job.data.connectionId),
    [SOURCE_JOBS.POLL]: (job) => this.sync.poll(job.data.connectionId),
    [SOURCE_JOBS.RELEASE]: (job) => this.release.releaseDue(job.data.connectionId),
    [SOURCE_JOBS.RECHECK]: (job) => this.release.releaseDue(job.data.connectionId),
  };

  constructor(
    private readonly sync: SourceSync,
    private readonly release: SourceRelease,
    private readonly connectors: SourceConnectors,
    @InjectQueue(QUEUES.SOURCES) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    this.stopKeeping = await keepSchedule(
      this.queue,
      SOURCE_JOBS.TICK,
      { everyMs: this.config.sources.tickMs },
      this.config.shipments.recoveryIntervalMs,
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stopKeeping?.();
  }

  async process(job: Job, token?: string): Promise<unknown> {
    try {
      // A name outside the catalogue fails the job at once (UnknownJobError, decision 0044).
      return await dispatchJob(this.queueName, job, this.handlers, token);
    } catch (err) {
      const fault = this.connectors.fault(err);
      if (fault?.transient && token) {
        await job.moveToDelayed(Math.max(fault.retryAt ?? Date.now() + 30_000, Date.now() + 1000), token);
        throw new DelayedError();
      }
      // A refused key needs a person (the connection says so); trying again changes nothing.
      if (fault?.final) throw new UnrecoverableError(fault.message);
      throw err;
    }
  }
}
