import type { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ needs maxRetriesPerRequest: null for workers). */
export function redisOptionsFromUrl(redisUrl: string): RedisOptions {
  const u = new URL(redisUrl);
  const db = u.pathname && u.pathname !== '/' ? Number(u.pathname.slice(1)) : 0;
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : 6379,
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: Number.isFinite(db) ? db : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
    enableReadyCheck: true,
  };
}

/** BullMQ connection options for a Redis URL. */
export function bullConnection(redisUrl: string): { url: string; maxRetriesPerRequest: null } {
  return { url: redisUrl, maxRetriesPerRequest: null };
}
