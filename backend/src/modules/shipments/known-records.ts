import type { DataSource } from 'typeorm';

/** Whether this database has the upload (a job naming one it does not have came from elsewhere). */
export async function uploadKnown(db: DataSource, id: string): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM uploads WHERE id = $1::uuid', [id]);
  return rows.length > 0;
}
