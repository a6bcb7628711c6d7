import type { MinimalJob } from 'bullmq';
import { RETRY_AFTER_BACKOFF, retryAfterBackoff, retryBackoff } from './retry-backoff.js';

const job = (delay: number) => ({ opts: { backoff: retryBackoff(delay) } }) as unknown as MinimalJob;
const asked = (ms: number) => Object.assign(new Error('Faire asked us to slow down'), { retryAfterMs: ms });

describe('retry backoff', () => {
  it('is a custom BullMQ strategy, not a built-in one', () => {
    expect(retryBackoff(2000)).toEqual({ type: RETRY_AFTER_BACKOFF, delay: 2000 });
  });

  it('doubles per attempt from the job’s delay', () => {
    expect(
      [1, 2, 3, 4].map((n) => retryAfterBackoff(n, RETRY_AFTER_BACKOFF, new Error('x'), job(2000))),
    ).toEqual([2000, 4000, 8000, 16000]);
  });

  it('waits at least what Faire asked for (Retry-After), never less than the backoff', () => {
    expect(retryAfterBackoff(1, RETRY_AFTER_BACKOFF, asked(5000), job(2000))).toBe(5000);
    expect(retryAfterBackoff(3, RETRY_AFTER_BACKOFF, asked(5000), job(2000))).toBe(8000);
    expect(retryAfterBackoff(1, RETRY_AFTER_BACKOFF, asked(1234.2), job(1000))).toBe(1235);
  });
});
