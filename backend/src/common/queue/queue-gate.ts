import type { Queue } from 'bullmq';

/**
 * How long a producer waits for Redis to take a job. Redis known to be away answers at once; this bounds
 * a Redis that stopped answering without closing its connection.
 */
export const QUEUE_ADD_TIMEOUT_MS = 1500;

/** Redis did not take the job now: the rows are in Postgres and the recovery sweep queues them later. */
export class QueueUnavailableError extends Error {
  constructor(reason: string) {
    super(`The queue is unavailable (${reason})`);
    this.name = 'QueueUnavailableError';
  }
}

function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailableError(`no answer to ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Runs `add` (a queue.add / addBulk) only while the queue's Redis connection is up, and gives up after
 * `ms`: BullMQ's connection otherwise holds a command until Redis is back, and an upload would be held
 * open for the whole outage (decision 0039). A job given up on may still be added later, when ioredis
 * sends what it held: a second job for the same rows is harmless (decision 0006).
 */
export async function addPromptly<T>(
  queue: Queue,
  add: () => Promise<T>,
  ms = QUEUE_ADD_TIMEOUT_MS,
): Promise<T> {
  const client = await within(queue.getBackend().client, ms, 'connect');
  if (client.status !== 'ready') throw new QueueUnavailableError(`Redis connection ${client.status}`);
  return within(add(), ms, 'add');
}
