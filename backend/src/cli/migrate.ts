import 'reflect-metadata';
import { loadConfig, ConfigError } from '../common/config/index.js';
import { ensureDatabase, revertLastMigration, runMigrations } from '../common/database/database.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const action = process.argv[2] ?? 'run';
  if (action === 'revert') {
    await revertLastMigration(config.databaseUrl);
    console.log('Reverted the last migration');
    return;
  }
  await ensureDatabase(config.databaseUrl);
  const done = await runMigrations(config.databaseUrl);
  console.log(done.length ? `Applied: ${done.join(', ')}` : 'Schema is up to date');
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
