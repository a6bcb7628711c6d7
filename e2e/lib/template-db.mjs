// A migrated database that each product's database is cloned from before it starts
// (`CREATE DATABASE x TEMPLATE y`: a fifth of a second, where the migrations take seconds); the product's
// own migration run at boot then finds nothing to do. Named by a hash of the built migrations, so a new
// or changed migration makes a new template; kept between runs. Like backend/test/helpers/template-db.ts.
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

async function admin(pgBase, fn) {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres`, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

/** The template's name, made when it does not exist yet (migrated under a name of its own, then renamed). */
export async function ensureTemplateDatabase(pgBase, backendDist) {
  const dir = join(backendDist, 'migrations');
  const hash = createHash('sha256');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(dir, file)))
      .update('\0');
  }
  const name = `portal_e2e_tpl_${hash.digest('hex').slice(0, 16)}`;
  const exists = await admin(pgBase, (c) =>
    c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((r) => r.rowCount !== 0),
  );
  if (exists) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await admin(pgBase, (c) => c.query(`CREATE DATABASE ${quote(building)}`));
  try {
    const { runMigrations } = await import(join(backendDist, 'common', 'database', 'database.js'));
    await runMigrations(`${pgBase}/${building}`);
    await admin(pgBase, (c) => c.query(`ALTER DATABASE ${quote(building)} RENAME TO ${quote(name)}`));
  } catch (err) {
    await admin(pgBase, (c) => c.query(`DROP DATABASE IF EXISTS ${quote(building)} WITH (FORCE)`));
    if (err?.code !== '42P04') throw err; // made by another test file meanwhile
  }
  return name;
}

/** Creates database `name` as a copy of `template`. */
export async function cloneDatabase(pgBase, name, template) {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(pgBase, (c) => c.query(`CREATE DATABASE ${quote(name)} TEMPLATE ${quote(template)}`));
      return;
    } catch (err) {
      // 55006: someone is connected to the template (autovacuum, a clone's check): try again.
      if (err?.code !== '55006' || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}
