import type { DataSource } from 'typeorm';

/** Whether any of these shipments exists in this database (a job naming none came from elsewhere). */
export async function anyShipmentKnown(db: DataSource, ids: string[]): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM shipments WHERE id = ANY($1::uuid[]) LIMIT 1', [ids]);
  return rows.length > 0;
}

export async function uploadKnown(db: DataSource, id: string): Promise<boolean> {
  const rows: unknown[] = await db.query('SELECT 1 FROM uploads WHERE id = $1::uuid', [id]);
  return rows.length > 0;
}
