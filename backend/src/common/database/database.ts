import pg from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations/index.js';

/**
 * `poolSize`: connections of this process's pool (the config's dbPoolSize; 2 for one-off tools).
 * `entities`: the product's entities (src/entities.ts); migrations need none.
 */
export function dataSourceOptions(
  databaseUrl: string,
  poolSize = 2,
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: Function[] = [],
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    extra: { max: poolSize, connectionTimeoutMillis: 5000 },
  };
}

export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** Creates the database named in the URL if it does not exist yet (connecting to the `postgres` database). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } catch (err) {
        // Another process created it at the same moment.
        if ((err as { code?: string }).code !== '42P04') throw err;
      }
    }
  } finally {
    await client.end();
  }
}

const MIGRATION_LOCK_KEY = 724_113_001;

/**
 * Runs pending migrations under a Postgres advisory lock, so that an API and a worker starting together
 * never race on the schema.
 */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(databaseUrl));
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const done = await ds.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await ds.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await ds.destroy();
  }
}

export async function revertLastMigration(databaseUrl: string): Promise<void> {
  const ds = new DataSource(dataSourceOptions(databaseUrl));
  await ds.initialize();
  try {
    await ds.undoLastMigration({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}
