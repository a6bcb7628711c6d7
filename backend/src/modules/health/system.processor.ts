import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QUEUES, SYSTEM_JOBS, type PingJob } from '../../common/queue/queues.js';

/** Answers the health check's queue round trip: proves a worker is consuming jobs. */
@Processor(QUEUES.SYSTEM)
export class SystemProcessor extends WorkerHost {
  async process(job: Job<PingJob>): Promise<{ pong: true; latencyMs: number }> {
    switch (job.name) {
      case SYSTEM_JOBS.PING:
        return { pong: true, latencyMs: Date.now() - job.data.sentAt };
      default:
        throw new Error(`Unknown system job ${job.name}`);
    }
  }
}
