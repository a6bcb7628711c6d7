#!/usr/bin/env node
import { SHOPIFY_SANDBOX_DEFAULTS, startShopifySandbox, type ShopifySandboxOptions } from './index.js';

function env(name: string): string | undefined {
  const v = process.env[name];
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

async function main(): Promise<void> {
  const portRaw = env('SHOPIFY_SANDBOX_PORT') ?? String(SHOPIFY_SANDBOX_DEFAULTS.port);
  const port = Number(portRaw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`SHOPIFY_SANDBOX_PORT must be a port number, got "${portRaw}"`);
  }
  const seedRaw = env('SHOPIFY_SANDBOX_SEED');
  const seed = seedRaw === undefined ? undefined : Number(seedRaw);
  if (seed !== undefined && !Number.isInteger(seed)) {
    throw new Error('SHOPIFY_SANDBOX_SEED must be an integer');
  }
  const opts: ShopifySandboxOptions = { port, host: env('SHOPIFY_SANDBOX_HOST') ?? '127.0.0.1' };
  if (seed !== undefined) opts.seed = seed;
  const publicUrl = env('SHOPIFY_SANDBOX_PUBLIC_URL');
  if (publicUrl) opts.publicUrl = publicUrl;
  const clientId = env('SHOPIFY_SANDBOX_CLIENT_ID');
  const clientSecret = env('SHOPIFY_SANDBOX_CLIENT_SECRET');
  if (clientId) opts.clientId = clientId;
  if (clientSecret) opts.clientSecret = clientSecret;
  const shop = env('SHOPIFY_SANDBOX_SHOP');
  if (shop) opts.shop = shop;
  if (env('SHOPIFY_SANDBOX_LOG') === '1') opts.logger = (line) => process.stderr.write(`${line}\n`);

  const sandbox = await startShopifySandbox(opts);
  process.stdout.write(`Shopify sandbox listening on ${sandbox.url} (shop ${sandbox.shop})\n`);

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`Shopify sandbox: error while stopping on ${signal}: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Shopify sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
