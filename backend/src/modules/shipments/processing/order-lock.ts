import type { Logger } from '@nestjs/common';
import type { DataSource, QueryRunner } from 'typeorm';

interface PgConnection {
  on(event: 'error', listener: (err: Error) => void): void;
  off(event: 'error', listener: (err: Error) => void): void;
}

/**
 * Thrown when an order should be tried again later without it being a failure (decision 0037): Faire
 * throttled us, had trouble, or no request slot came; the rows wait PENDING and the job waits in the
 * queue's delayed set for `delayMs`, using none of its attempts.
 */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** Times an order is started again in one attempt because a call under its lock found no slot due. */
export const SLOT_ROUNDS = 3;

/**
 * Runs `work` holding the Postgres advisory lock `lockKey` on a connection of its own (released by
 * Postgres itself if this process dies). Nothing here waits on Faire's rate limiter: callers reserve
 * their request slots before (decision 0021).
 */
export async function withOrderLock(
  db: DataSource,
  lockKey: string,
  orderId: string,
  logger: Logger,
  work: (runner: QueryRunner) => Promise<void>,
): Promise<void> {
  const runner = db.createQueryRunner();
  await runner.connect();
  // This connection holds the order's lock while Faire is called; if the database drops it, the next
  // query fails (and the job is retried) instead of the error event crashing the process.
  const connection = (runner as unknown as { databaseConnection?: PgConnection }).databaseConnection;
  const onLost = (err: Error) =>
    logger.warn(`Database connection lost while processing order ${orderId}: ${err.message}`);
  connection?.on('error', onLost);
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [lockKey]);
    try {
      await work(runner);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [lockKey]);
    }
  } finally {
    connection?.off('error', onLost);
    await runner.release();
  }
}
