import type { BackoffOptions, MinimalJob } from 'bullmq';

/**
 * The one retry layer (decision 0021): code that talks to Faire makes one attempt and throws; BullMQ
 * retries the job. Jobs that may fail for a passing reason use `retryBackoff(delay)`; their worker
 * registers `retryAfterBackoff` as its backoff strategy. The delay before attempt n+1 is the exponential
 * `delay x 2^(n-1)`, or longer when the error asks for it (`retryAfterMs`, from a 429's Retry-After).
 * The job waits in Redis: no connection, lock or worker slot is held meanwhile.
 */
export const RETRY_AFTER_BACKOFF = 'retry-after';

export function retryBackoff(delay: number): BackoffOptions {
  return { type: RETRY_AFTER_BACKOFF, delay };
}

export function retryAfterBackoff(
  attemptsMade: number,
  _type?: string,
  err?: Error,
  job?: MinimalJob,
): number {
  const backoff = job?.opts.backoff;
  const base = typeof backoff === 'object' && backoff.delay ? backoff.delay : 1000;
  const exponential = Math.round(base * 2 ** Math.max(0, attemptsMade - 1));
  const asked = (err as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return typeof asked === 'number' && Number.isFinite(asked)
    ? Math.max(exponential, Math.ceil(asked))
    : exponential;
}
