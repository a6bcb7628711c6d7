import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { validateEnv, type EnvSchema } from './env.schema.js';

export const APP_CONFIG = Symbol('APP_CONFIG');

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  workerMode: 'api' | 'worker' | 'all';
  runApi: boolean;
  runWorker: boolean;
  log: { level: string; pretty: boolean };
  shutdownTimeoutMs: number;
  frontendDist: string | null;
  sessionSecret: string;
  encryptionKey: Buffer;
  localStateDir: string;
  /** Warnings collected while loading, logged once the logger exists. */
  warnings: string[];
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/** Reads and validates the environment once. Throws ConfigError (one line naming the variable). */
export function loadConfig(raw: Record<string, string | undefined> = process.env): AppConfig {
  const env = validateEnv(raw);
  const warnings: string[] = [];
  const secrets = resolveSecrets(env, warnings);
  const frontendDist = env.SERVE_FRONTEND
    ? resolvePath(env.FRONTEND_DIST ?? join(repoRoot, 'frontend', 'dist'))
    : null;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX,
    workerMode: env.WORKER_MODE,
    runApi: env.WORKER_MODE !== 'worker',
    runWorker: env.WORKER_MODE !== 'api',
    log: { level: env.LOG_LEVEL, pretty: env.LOG_FORMAT === 'pretty' },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    frontendDist,
    sessionSecret: secrets.sessionSecret,
    encryptionKey: secrets.encryptionKey,
    localStateDir: resolvePath(env.LOCAL_STATE_DIR),
    warnings,
  };
}

function resolvePath(p: string): string {
  return isAbsolute(p) ? p : resolve(process.cwd(), p);
}

function decodeKey(value: string): Buffer {
  return /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

/**
 * Production requires both secrets from the environment (checked in validateEnv). In development a
 * local key file is created once so that sessions and stored tokens survive restarts.
 */
function resolveSecrets(
  env: EnvSchema,
  warnings: string[],
): { sessionSecret: string; encryptionKey: Buffer } {
  if (env.SESSION_SECRET && env.APP_ENCRYPTION_KEY) {
    return { sessionSecret: env.SESSION_SECRET, encryptionKey: decodeKey(env.APP_ENCRYPTION_KEY) };
  }
  const file = join(resolvePath(env.LOCAL_STATE_DIR), 'secrets.json');
  let stored: { sessionSecret?: string; encryptionKey?: string } = {};
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
  }
  if (!stored.sessionSecret || !stored.encryptionKey) {
    stored = {
      sessionSecret: stored.sessionSecret ?? randomBytes(32).toString('hex'),
      encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
    };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  warnings.push(
    `SESSION_SECRET/APP_ENCRYPTION_KEY not set: using development keys from ${file}. Set both in production.`,
  );
  return {
    sessionSecret: env.SESSION_SECRET ?? stored.sessionSecret ?? '',
    encryptionKey: decodeKey(env.APP_ENCRYPTION_KEY ?? stored.encryptionKey ?? ''),
  };
}
