import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp, createWorker } from './app.js';
import { ConfigError, loadConfig } from './common/config/index.js';
import { ensureDatabase, runMigrations } from './common/database/database.js';
import { PreflightError, preflight } from './common/database/preflight.js';
import { attachSandbox } from './sandbox-boot.js';

/** The sandbox's port, once the configuration is read (to name the right variable when a port is taken). */
let sandboxPort: number | undefined;

async function main(): Promise<void> {
  const envFile = resolve(process.cwd(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
  sandboxPort = config.marketplace.sandbox?.port;
  await preflight(config.databaseUrl, config.redisUrl, config.dbPoolSize);
  await ensureDatabase(config.databaseUrl);
  await runMigrations(config.databaseUrl);
  const sandbox = await attachSandbox(config);
  if (config.runApi) {
    const app = await createApp(config);
    await app.listen(config.port, config.host);
    console.log(`Faire Shipment Manager is running on ${config.publicUrl} (mode: ${config.workerMode})`);
    if (sandbox) {
      console.log(`Faire sandbox marketplace on ${sandbox.url} (set FAIRE_API_BASE_URL to use Faire)`);
    }
    // The shipment-source sandboxes scripts/start.mjs started (ShipStation, Shopify), one line each.
    for (const line of (process.env.SOURCE_SANDBOX_NOTES ?? '').split('\n').filter(Boolean)) {
      console.log(line);
    }
  } else {
    const app = await createWorker(config);
    await app.init();
    console.log(`Faire Shipment Manager worker is running (mode: ${config.workerMode})`);
  }
}

/** A port another program holds: which variable moves this one (the product's or the sandbox's). */
function portInUse(err: unknown): string | null {
  const e = err as { code?: unknown; port?: unknown };
  if (e?.code !== 'EADDRINUSE') return null;
  const port = typeof e.port === 'number' || typeof e.port === 'string' ? String(e.port) : '';
  const sandbox = port !== '' && port === String(sandboxPort);
  const variable = sandbox ? 'SANDBOX_PORT' : 'PORT';
  return `Port ${port} is already in use: set ${variable} to a free port (e.g. ${variable}=${sandbox ? 4110 : 3100} npm start)`;
}

main().catch((err: unknown) => {
  const inUse = portInUse(err);
  if (err instanceof ConfigError || err instanceof PreflightError) {
    console.error(err.message);
  } else if (inUse) {
    console.error(inUse);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
