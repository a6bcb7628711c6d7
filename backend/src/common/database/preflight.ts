import pg from 'pg';
import { Redis } from 'ioredis';
import { describeUrl } from './database.js';
import { redisOptionsFromUrl } from '../queue/redis.js';

export class PreflightError extends Error {}

/**
 * Checks that Postgres and Redis answer, so that a missing service stops the start with one clear line;
 * and that Postgres allows the pool this process is configured for.
 */
export async function preflight(databaseUrl: string, redisUrl: string, poolSize?: number): Promise<void> {
  let allowed: number;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 4000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ allowed: number }>(
      `SELECT current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int AS allowed`,
    );
    allowed = rows[0]!.allowed;
  } catch (err) {
    throw new PreflightError(
      `Cannot reach Postgres at ${describeUrl(databaseUrl)} (${reason(err)}). Start it with \`docker compose up -d\` or set DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  if (poolSize !== undefined && poolSize > allowed) {
    throw new PreflightError(
      `DB_POOL_SIZE=${poolSize} is more than Postgres allows one client (max_connections leaves ${allowed}); lower DB_POOL_SIZE or SHIPMENT_WORKER_CONCURRENCY.`,
    );
  }
  const redis = new Redis({
    ...redisOptionsFromUrl(redisUrl),
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 4000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new PreflightError(
      `Cannot reach Redis at ${describeUrl(redisUrl)} (${reason(err)}). Start it with \`docker compose up -d\` or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}

function reason(err: unknown): string {
  const e = err as { code?: string; message?: string };
  return e.code ?? e.message ?? 'no answer';
}
