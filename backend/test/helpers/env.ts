export const TEST_PG_BASE = process.env.TEST_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
