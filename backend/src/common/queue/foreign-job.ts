import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';

const logger = new Logger('Queues');

/**
 * A job naming a record this database does not have was almost certainly queued by another install
 * sharing this Redis and QUEUE_PREFIX. It is logged as an error and failed (no retries), never dropped
 * in silence; the other install's recovery sweep queues its own rows again.
 */
export function foreignJob(job: Job, what: string, prefix: string): UnrecoverableError {
  const message =
    `Job ${job.id ?? '?'} (${job.name}) names ${what} unknown to this database; ` +
    `is another install using QUEUE_PREFIX "${prefix}" on this Redis?`;
  logger.error(message);
  return new UnrecoverableError(message);
}
