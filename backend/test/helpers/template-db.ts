import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runMigrations } from '../../src/common/database/database.js';

/**
 * A migrated database that test databases are cloned from (`CREATE DATABASE x TEMPLATE y`: a fifth of
 * a second, where running the migrations takes seconds, for each of some seventy test apps). Its name
 * carries a hash of the migration files, so a changed or added migration makes a new template and a
 * template is never used for a schema it was not migrated to; the same schema's template is kept
 * between runs. The first test app of a run that finds none makes it.
 */
const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'migrations');

function schemaHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(MIGRATIONS_DIR, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function admin<T>(pgBase: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres`, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The template's name, made (migrated under a name of its own, then renamed) when it does not exist
 * yet: another run making it at the same moment keeps its own and drops ours.
 */
export async function ensureTemplateDatabase(pgBase: string): Promise<string> {
  const name = `portal_test_tpl_${schemaHash()}`;
  const exists = await admin(pgBase, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((r) => r.rowCount !== 0),
  );
  if (exists) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await admin(pgBase, (c) => c.query(`CREATE DATABASE ${quote(building)}`));
  try {
    await runMigrations(`${pgBase}/${building}`);
    await admin(pgBase, (c) => c.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`));
  } catch (err) {
    await admin(pgBase, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`));
    if ((err as { code?: string }).code !== '42P04') throw err; // 42P04: made by another run meanwhile
  }
  return name;
}

/** Creates `databaseUrl`'s database as a copy of `template`. */
export async function cloneDatabase(databaseUrl: string, template: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '';
  const pgBase = url.toString().replace(/\/$/, '');
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(pgBase, (c) => c.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`));
      return;
    } catch (err) {
      // 55006: someone is connected to the template (being made, or another clone's check): try again.
      if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
