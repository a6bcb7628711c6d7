import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Application settings saved in the admin panel (marketplace application and Google client credentials).
 * Each value is sealed with AES-256-GCM; a row overrides the matching environment variable.
 */
export class AppConfig1764100000004 implements MigrationInterface {
  name = 'AppConfig1764100000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE app_config (
        key text PRIMARY KEY
          CHECK (key IN ('faire_application_id', 'faire_application_secret', 'google_client_id', 'google_client_secret')),
        value_sealed text NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS app_config');
  }
}
