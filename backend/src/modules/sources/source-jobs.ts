import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { addPromptly } from '../../common/queue/queue-gate.js';
import { QUEUES, SOURCE_JOBS, type SourceConnectionJob } from '../../common/queue/queues.js';

type Kind = (typeof SOURCE_JOBS)[keyof Omit<typeof SOURCE_JOBS, 'TICK'>];

const PREFIX: Record<Kind, string> = {
  [SOURCE_JOBS.EVENTS]: 'src-events',
  [SOURCE_JOBS.POLL]: 'src-poll',
  [SOURCE_JOBS.RELEASE]: 'src-release',
  [SOURCE_JOBS.RECHECK]: 'src-recheck',
};

/**
 * Queues a connection's work: ids only, one job per connection and kind at a time (the job id says
 * which), so a burst of webhooks is one read. Redis away: the scheduled tick queues it later (the work
 * is in Postgres).
 */
@Injectable()
export class SourceJobs {
  private readonly logger = new Logger('SourceJobs');

  constructor(@InjectQueue(QUEUES.SOURCES) private readonly queue: Queue<SourceConnectionJob>) {}

  async add(kind: Kind, connectionId: string, delayMs = 0): Promise<boolean> {
    try {
      await addPromptly(this.queue, () =>
        this.queue.add(
          kind,
          { connectionId },
          {
            jobId: `${PREFIX[kind]}-${connectionId}`,
            delay: Math.max(0, delayMs),
            attempts: 5,
            backoff: { type: 'exponential', delay: 2000 },
            removeOnComplete: true,
            removeOnFail: true,
          },
        ),
      );
      return true;
    } catch (err) {
      this.logger.warn(
        `Could not queue ${kind} for connection ${connectionId} (the tick will): ${String(err)}`,
      );
      return false;
    }
  }
}
