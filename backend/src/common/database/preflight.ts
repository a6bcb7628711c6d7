import pg from 'pg';
import { Redis } from 'ioredis';
import { describeUrl } from './database.js';
import { redisOptionsFromUrl } from '../queue/redis.js';

export class PreflightError extends Error {}

/** Checks that Postgres and Redis answer, so that a missing service stops the start with one clear line. */
export async function preflight(databaseUrl: string, redisUrl: string): Promise<void> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 4000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    throw new PreflightError(
      `Cannot reach Postgres at ${describeUrl(databaseUrl)} (${reason(err)}). Start it with \`docker compose up -d\` or set DATABASE_URL.`,
    );
  } finally {
    await client.end().catch(() => undefined);
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
