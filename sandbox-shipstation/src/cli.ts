#!/usr/bin/env node
import {
  startShipStationSandbox,
  SHIPSTATION_SANDBOX_DEFAULTS,
  type ShipStationSandboxOptions,
} from './index.js';

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

async function main(): Promise<void> {
  const portRaw = env('SHIPSTATION_SANDBOX_PORT') ?? String(SHIPSTATION_SANDBOX_DEFAULTS.port);
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SHIPSTATION_SANDBOX_PORT must be a port number, got "${portRaw}"`);
  }
  const seedRaw = env('SHIPSTATION_SANDBOX_SEED');
  const seed = seedRaw === undefined ? undefined : Number(seedRaw);
  if (seed !== undefined && !Number.isInteger(seed)) {
    throw new Error('SHIPSTATION_SANDBOX_SEED must be an integer');
  }
  const opts: ShipStationSandboxOptions = { port, host: env('SHIPSTATION_SANDBOX_HOST') ?? '127.0.0.1' };
  if (seed !== undefined) opts.seed = seed;
  const publicUrl = env('SHIPSTATION_SANDBOX_PUBLIC_URL');
  if (publicUrl) opts.publicUrl = publicUrl;
  const apiKey = env('SHIPSTATION_SANDBOX_API_KEY');
  const apiSecret = env('SHIPSTATION_SANDBOX_API_SECRET');
  if (apiKey) opts.apiKey = apiKey;
  if (apiSecret) opts.apiSecret = apiSecret;
  if (env('SHIPSTATION_SANDBOX_LOG') === '1') opts.logger = (line) => process.stderr.write(`${line}\n`);

  const sandbox = await startShipStationSandbox(opts);
  process.stdout.write(`ShipStation sandbox listening on ${sandbox.url}\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`ShipStation sandbox: error while stopping on ${signal}: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `ShipStation sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
