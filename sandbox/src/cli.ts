#!/usr/bin/env node
import { SANDBOX_DEFAULTS, startSandbox, type SandboxOptions } from './index.js';

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

async function main(): Promise<void> {
  const portRaw = env('SANDBOX_PORT') ?? '4010';
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SANDBOX_PORT must be a port number, got "${portRaw}"`);
  }
  const seedRaw = env('SANDBOX_SEED');
  const seed = seedRaw === undefined ? undefined : Number(seedRaw);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('SANDBOX_SEED must be an integer');

  const brand1Token = env('SANDBOX_BRAND1_TOKEN');
  const brand2Token = env('SANDBOX_BRAND2_TOKEN');
  const appId = env('SANDBOX_APP_ID');
  const appSecret = env('SANDBOX_APP_SECRET');

  const opts: SandboxOptions = {
    port,
    host: env('SANDBOX_HOST') ?? '127.0.0.1',
    brands: [brand1Token ? { token: brand1Token } : {}, brand2Token ? { token: brand2Token } : {}],
  };
  if (seed !== undefined) opts.seed = seed;
  const publicUrl = env('SANDBOX_PUBLIC_URL');
  if (publicUrl) opts.publicUrl = publicUrl;
  const dataFile = env('SANDBOX_DATA_FILE');
  if (dataFile) opts.dataFile = dataFile;
  if (appId || appSecret) {
    opts.applications = [
      {
        applicationId: appId ?? SANDBOX_DEFAULTS.applicationId,
        applicationSecret: appSecret ?? SANDBOX_DEFAULTS.applicationSecret,
      },
    ];
  }
  if (env('SANDBOX_LOG') === '1') opts.logger = (line) => process.stderr.write(`${line}\n`);

  const sandbox = await startSandbox(opts);
  process.stdout.write(`Faire sandbox listening on ${sandbox.url} (API ${sandbox.apiBaseUrl})\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Faire sandbox: error while stopping on ${signal}: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Faire sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
