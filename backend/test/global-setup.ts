import { Redis } from 'ioredis';
import pg from 'pg';

const PG = process.env.TEST_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Fails fast, with one clear line, when Postgres or Redis is not running. */
export default async function globalSetup(): Promise<void> {
  const client = new pg.Client({ connectionString: `${PG}/postgres`, connectionTimeoutMillis: 4000 });
  try {
    await client.connect();
  } catch (err) {
    throw new Error(
      `Tests need Postgres at ${PG} (${String(err)}). Start it (docker compose up -d) or set TEST_PG_BASE.`,
      { cause: err },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `Tests need Redis at ${REDIS} (${String(err)}). Start it (docker compose up -d) or set TEST_REDIS_URL.`,
      { cause: err },
    );
  } finally {
    redis.disconnect();
  }
}
