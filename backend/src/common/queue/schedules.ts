import type { Queue } from 'bullmq';

/** How often a scheduled job runs: a cron pattern (UTC) or a fixed period. */
export type ScheduleEvery = { pattern: string } | { everyMs: number };

/**
 * Registers (or updates) a BullMQ job scheduler: Redis holds one scheduler per id and one job per period
 * (its id is derived from the period), so every worker process may call this at boot and the job still
 * runs once per period across the whole fleet. The job's name is the scheduler's id.
 */
export async function upsertSchedule(queue: Queue, id: string, every: ScheduleEvery): Promise<void> {
  await queue.upsertJobScheduler(
    id,
    'pattern' in every ? { pattern: every.pattern, tz: 'UTC' } : { every: every.everyMs },
    {
      name: id,
      data: {},
      // Keep the last runs visible in the queue dashboard (and countable by the tests).
      opts: { removeOnComplete: { count: 200 }, removeOnFail: { count: 200 }, attempts: 1 },
    },
  );
}
