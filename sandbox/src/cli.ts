#!/usr/bin/env node
import { env, envPort, envSeed, runSandboxCli } from './cli-kit.js';
import { SANDBOX_DEFAULTS, startSandbox, type SandboxOptions } from './index.js';

runSandboxCli('Faire sandbox', async () => {
  const port = envPort('SANDBOX_PORT', '4010');
  const seed = envSeed('SANDBOX_SEED');

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
  return sandbox;
});
