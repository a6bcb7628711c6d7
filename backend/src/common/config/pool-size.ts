import { ConfigError, type EnvSchema } from './env.schema.js';

/** Connections a process needs besides one per concurrent shipment job: order syncs (2), sweeps and materialising (1), the API and health checks (1). */
export const POOL_HEADROOM = 4;
const API_ONLY_DEFAULT = 10;

/**
 * The Postgres pool of one process. A shipment job holds a connection for its order's advisory lock
 * while Faire answers and needs another for short queries, so a worker needs one connection per
 * concurrent job plus headroom; fewer and jobs queue for connections until they time out. Unset, the
 * pool follows the concurrency; set too small, boot stops with one line naming both variables.
 */
export function poolSizeFor(
  env: Pick<EnvSchema, 'DB_POOL_SIZE' | 'WORKER_MODE' | 'SHIPMENT_WORKER_CONCURRENCY'>,
): number {
  if (env.WORKER_MODE === 'api') return env.DB_POOL_SIZE ?? API_ONLY_DEFAULT;
  const needed = env.SHIPMENT_WORKER_CONCURRENCY + POOL_HEADROOM;
  if (env.DB_POOL_SIZE === undefined) return Math.max(API_ONLY_DEFAULT, needed);
  if (env.DB_POOL_SIZE < needed) {
    throw new ConfigError(
      'DB_POOL_SIZE',
      `Invalid configuration: DB_POOL_SIZE=${env.DB_POOL_SIZE} is too small for SHIPMENT_WORKER_CONCURRENCY=${env.SHIPMENT_WORKER_CONCURRENCY}: ` +
        `a worker needs at least ${needed} connections (one per concurrent job + ${POOL_HEADROOM}); raise DB_POOL_SIZE or lower the concurrency`,
    );
  }
  return env.DB_POOL_SIZE;
}
