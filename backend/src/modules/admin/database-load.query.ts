import type { DataSource } from 'typeorm';

/** The database's open connections (to this database) and the server's limit, in one cheap read. */
export async function databaseConnections(db: DataSource): Promise<{ used: number; allowed: number } | null> {
  const rows = await db.query<{ used: number; allowed: number }[]>(
    `SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database()) AS used,
            current_setting('max_connections')::int AS allowed`,
  );
  return rows[0] ?? null;
}
