#!/usr/bin/env node
import { env, envPort, envSeed, runSandboxCli } from '@portal/faire-sandbox/kit';
import { SHOPIFY_SANDBOX_DEFAULTS, startShopifySandbox, type ShopifySandboxOptions } from './index.js';

runSandboxCli('Shopify sandbox', async () => {
  const port = envPort('SHOPIFY_SANDBOX_PORT', String(SHOPIFY_SANDBOX_DEFAULTS.port));
  const seed = envSeed('SHOPIFY_SANDBOX_SEED');
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
  const list = (name: string) =>
    env(name)
      ?.split(/[\s,]+/)
      .filter(Boolean);
  const redirectUris = list('SHOPIFY_SANDBOX_REDIRECT_URIS');
  if (redirectUris) opts.redirectUris = redirectUris;
  const apiVersions = list('SHOPIFY_SANDBOX_API_VERSIONS');
  if (apiVersions) opts.apiVersions = apiVersions;
  if (env('SHOPIFY_SANDBOX_ALLOW_INSECURE_WEBHOOK_URIS') === '1') opts.allowInsecureWebhookUris = true;
  if (env('SHOPIFY_SANDBOX_LOG') === '1') opts.logger = (line) => process.stderr.write(`${line}\n`);

  const sandbox = await startShopifySandbox(opts);
  process.stdout.write(`Shopify sandbox listening on ${sandbox.url} (shop ${sandbox.shop})\n`);
  return sandbox;
});
