import { DelayedError, type Job } from 'bullmq';
import { ShuttingDownError } from '../shutdown.js';

/**
 * Runs a job's work; if it stops because the process is shutting down, the job goes back to the queue
 * at once (delayed by nothing, no attempt used) for another worker, instead of failing or holding the
 * process until it is killed. Work done before the stop is committed; processing re-reads what is left.
 */
export async function handBack<T>(job: Job, token: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ShuttingDownError) || !token) throw err;
    await job.moveToDelayed(Date.now(), token);
    throw new DelayedError();
  }
}
