import type { DataSource, EntityManager } from 'typeorm';

/** A saved setting as stored: its value sealed, who saved it and when. */
export interface AppConfigRow {
  key: string;
  value_sealed: string;
  updated_at: Date;
  updated_by: string | null;
}

/**
 * The only statements on `app_config` (the settings saved in the admin panel). Each runs on `db`, a
 * caller's transaction when it is an `EntityManager` inside one. Sealing and opening are the store's.
 */
export const appConfigRows = {
  /** Every saved setting. */
  all(db: DataSource | EntityManager): Promise<AppConfigRow[]> {
    return db.query(`SELECT key, value_sealed, updated_at, updated_by FROM app_config`);
  },

  /** Saves one setting (sealed by the caller), naming who saved it. */
  async upsert(
    db: DataSource | EntityManager,
    key: string,
    valueSealed: string,
    userId: string,
  ): Promise<void> {
    await db.query(
      `INSERT INTO app_config (key, value_sealed, updated_by, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (key) DO UPDATE
         SET value_sealed = EXCLUDED.value_sealed, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [key, valueSealed, userId],
    );
  },

  /** Removes a saved setting. */
  async remove(db: DataSource | EntityManager, key: string): Promise<void> {
    await db.query('DELETE FROM app_config WHERE key = $1', [key]);
  },
};
