import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { TestApp } from './test-app.js';

export const MAIN = join(import.meta.dirname, '..', '..', 'dist', 'main.js');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the process says it is running (its schedules are registered by then). */
  ready: Promise<void>;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
  /** Everything the process wrote to stdout so far (its JSON log lines). */
  output(): string;
}

/**
 * Starts `dist/main.js` as a separate worker process (WORKER_MODE=worker) on the test app's database,
 * Redis prefix and sandbox. Build the backend first (`npm run build -w @portal/backend`).
 */
export function startWorkerProcess(
  t: TestApp,
  env: Record<string, string> = {},
  nodeOptions = '',
): WorkerProcess {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      NODE_ENV: 'test',
      WORKER_MODE: 'worker',
      DATABASE_URL: t.config.databaseUrl,
      REDIS_URL: t.config.redisUrl,
      QUEUE_PREFIX: t.config.queuePrefix,
      LOCAL_STATE_DIR: t.config.localStateDir,
      SERVE_FRONTEND: 'false',
      LOG_LEVEL: 'error',
      FAIRE_API_BASE_URL: t.sandbox.apiBaseUrl,
      FAIRE_OAUTH_BASE_URL: t.sandbox.oauthBaseUrl,
      FAIRE_APPLICATION_ID: 'apa_sandbox_demo',
      FAIRE_APPLICATION_SECRET: 'sbx_demo_secret',
      FAIRE_REQUESTS_PER_SECOND: '20',
      FAIRE_TIMEOUT_MS: '2000',
      SHIPSTATION_API_BASE_URL: t.config.sources.shipstationBaseUrl,
      APP_ENCRYPTION_KEY: t.config.encryptionKey.toString('hex'),
      SESSION_SECRET: t.config.sessionSecret,
      INBOUND_SMTP_PORT: '0',
      INBOUND_SFTP_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('worker is running')) resolve();
    });
    void exited.then((code) => reject(new Error(`worker exited (${code}) before it was running`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => out };
}
