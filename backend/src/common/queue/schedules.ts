import type { LoggerService } from '@nestjs/common';
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

/**
 * Registers the schedule now, then checks every `checkEveryMs` that Redis still has it and registers
 * it again if not: a Redis restarted without persistence (or flushed) forgets its schedulers, and
 * nothing else would bring them back until a worker restarts. Only the registration is repeated per
 * process; the job itself still runs once per period. `onMissing` runs when this process found the
 * schedule gone (Redis lost its data: its queued jobs too). Returns a function that stops the checks.
 */
export async function keepSchedule(
  queue: Queue,
  id: string,
  every: ScheduleEvery,
  checkEveryMs: number,
  logger: LoggerService,
  onMissing?: () => void,
): Promise<() => void> {
  await upsertSchedule(queue, id, every);
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    queue
      .getJobScheduler(id)
      .then(async (scheduler) => {
        if (scheduler) return;
        await upsertSchedule(queue, id, every);
        logger.warn(
          `Schedule ${id} was missing from Redis (restarted without persistence?); registered it again`,
        );
        onMissing?.();
      })
      .catch(() => undefined) // Redis away: the queue's error listener reports it; try again next time
      .finally(() => {
        busy = false;
      });
  }, checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
