import { UnrecoverableError, type Job } from 'bullmq';
import { JOB_NAMES, QUEUES, type JobData, type JobName, type QueueName } from './queues.js';

/** A job of queue `Q` named `N`, its data typed by the catalogue. */
export type CatalogueJob<Q extends QueueName, N extends JobName<Q>> = Job<JobData<Q, N>, unknown, N>;

/** One handler per job name of queue `Q` (a missing one does not compile). */
export type JobHandlers<Q extends QueueName, R = unknown> = {
  readonly [N in JobName<Q>]: (job: CatalogueJob<Q, N>, token?: string) => Promise<R>;
};

/**
 * A job whose name the queue's catalogue does not list (a typo, or a producer newer than this worker):
 * failed at once without retries, with its name and queue, never run as some other job.
 */
export class UnknownJobError extends UnrecoverableError {
  constructor(queue: QueueName, job: Pick<Job, 'id' | 'name'>) {
    super(
      `Job ${job.id ?? '?'} of queue ${queue} is named "${job.name}", which the job catalogue ` +
        `(common/queue/queues.ts) does not list; known: ${JOB_NAMES[queue].join(', ')}`,
    );
    this.name = 'UnknownJobError';
  }
}

export function isJobName<Q extends QueueName>(queue: Q, name: string): name is JobName<Q> {
  return (JOB_NAMES[queue] as readonly string[]).includes(name);
}

/** Runs the handler of the job's name; a name outside the queue's catalogue is an UnknownJobError. */
export function dispatchJob<Q extends QueueName, R>(
  queue: Q,
  job: Job,
  handlers: JobHandlers<Q, R>,
  token?: string,
): Promise<R> {
  const name = job.name;
  if (!isJobName(queue, name)) return Promise.reject(new UnknownJobError(queue, job));
  const handler = handlers[name] as ((job: Job, token?: string) => Promise<R>) | undefined;
  if (typeof handler !== 'function') return Promise.reject(new UnknownJobError(queue, job));
  return handler(job, token);
}

/** What a processor gives the boot check: its queue and its handlers. */
export interface JobProcessor<Q extends QueueName = QueueName> {
  readonly queueName: Q;
  readonly handlers: JobHandlers<Q>;
}

/**
 * The boot check of the worker: every queue of the catalogue has one processor, and that processor a
 * handler for every name the queue carries. Answers what is missing, in words (empty: all there).
 */
export function missingHandlers(processors: readonly JobProcessor[]): string[] {
  const problems: string[] = [];
  for (const queue of Object.values(QUEUES)) {
    const mine = processors.filter((p) => p.queueName === queue);
    if (mine.length === 0) {
      problems.push(`queue ${queue} has no processor (its jobs: ${JOB_NAMES[queue].join(', ')})`);
      continue;
    }
    if (mine.length > 1) problems.push(`queue ${queue} has ${mine.length} processors`);
    const handlers = mine[0]!.handlers as Record<string, unknown>;
    const missing = JOB_NAMES[queue].filter(
      (name) => !Object.hasOwn(handlers, name) || typeof handlers[name] !== 'function',
    );
    if (missing.length) problems.push(`queue ${queue} has no handler for ${missing.join(', ')}`);
  }
  return problems;
}

/** Fails start-up with one clear message when a queued job name would have no handler. */
export function assertEveryJobHandled(processors: readonly JobProcessor[]): void {
  const problems = missingHandlers(processors);
  if (problems.length) {
    throw new Error(
      `Job catalogue check failed: ${problems.join('; ')}. Every job name in ` +
        `common/queue/queues.ts needs a handler in its queue's processor.`,
    );
  }
}
