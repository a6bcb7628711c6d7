import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp, createWorker } from './app.js';
import { ConfigError, loadConfig } from './common/config/index.js';
import { ensureDatabase, runMigrations } from './common/database/database.js';
import { PreflightError, preflight } from './common/database/preflight.js';
import { attachSandbox } from './sandbox-boot.js';

async function main(): Promise<void> {
  const envFile = resolve(process.cwd(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig(process.env);
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
  } else {
    const app = await createWorker(config);
    await app.init();
    console.log(`Faire Shipment Manager worker is running (mode: ${config.workerMode})`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof PreflightError) {
    console.error(err.message);
  } else {
    console.error('Failed to start:', err);
  }
  process.exit(1);
});
