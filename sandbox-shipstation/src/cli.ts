#!/usr/bin/env node
import { env, envPort, envSeed, runSandboxCli } from '@portal/faire-sandbox/kit';
import {
  startShipStationSandbox,
  SHIPSTATION_SANDBOX_DEFAULTS,
  type ShipStationSandboxOptions,
} from './index.js';

runSandboxCli('ShipStation sandbox', async () => {
  const port = envPort('SHIPSTATION_SANDBOX_PORT', String(SHIPSTATION_SANDBOX_DEFAULTS.port));
  const seed = envSeed('SHIPSTATION_SANDBOX_SEED');
  const opts: ShipStationSandboxOptions = { port, host: env('SHIPSTATION_SANDBOX_HOST') ?? '127.0.0.1' };
  if (seed !== undefined) opts.seed = seed;
  const publicUrl = env('SHIPSTATION_SANDBOX_PUBLIC_URL');
  if (publicUrl) opts.publicUrl = publicUrl;
  const resourceOrigin = env('SHIPSTATION_SANDBOX_RESOURCE_ORIGIN');
  if (resourceOrigin) opts.resourceOrigin = resourceOrigin;
  const subscribeAnswer = env('SHIPSTATION_SANDBOX_SUBSCRIBE_ANSWER');
  if (subscribeAnswer) opts.subscribeAnswer = subscribeAnswer as ShipStationSandboxOptions['subscribeAnswer'];
  const apiKey = env('SHIPSTATION_SANDBOX_API_KEY');
  const apiSecret = env('SHIPSTATION_SANDBOX_API_SECRET');
  if (apiKey) opts.apiKey = apiKey;
  if (apiSecret) opts.apiSecret = apiSecret;
  if (env('SHIPSTATION_SANDBOX_LOG') === '1') opts.logger = (line) => process.stderr.write(`${line}\n`);

  const sandbox = await startShipStationSandbox(opts);
  process.stdout.write(`ShipStation sandbox listening on ${sandbox.url}\n`);
  return sandbox;
});
