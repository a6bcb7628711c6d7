import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SFTP drop per company (decision 0070). `inbound_sftp_logins`: the company's login (a username
 * derived from the company, its password's scrypt hash). `inbound_sftp_keys`: the public keys that may
 * log in. `inbound_sftp_files`: the files of `inbox/` (held under a temporary name), `done/` and
 * `error/`, content included, so every process of a fleet serves the same folders.
 * `inbound_sftp_error_files`: the uploads whose error file is written once their rows are settled.
 * `inbound_sftp_host_keys`: the server's host key, sealed, when INBOUND_SFTP_HOST_KEY is not set.
 */
export class SftpDrop1764300006600 implements MigrationInterface {
  name = 'SftpDrop1764300006600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE inbound_sftp_logins (
        company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
        username text NOT NULL UNIQUE,
        password_hash text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE inbound_sftp_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES inbound_sftp_logins(company_id) ON DELETE CASCADE,
        key_type text NOT NULL,
        public_key text NOT NULL,
        fingerprint text NOT NULL,
        comment text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT inbound_sftp_keys_once UNIQUE (company_id, fingerprint)
      )`);
    await q.query(`
      CREATE TABLE inbound_sftp_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        folder text NOT NULL CHECK (folder IN ('inbox', 'done', 'error')),
        name text NOT NULL,
        content bytea NOT NULL,
        upload_id uuid,
        modified_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT inbound_sftp_files_name UNIQUE (company_id, folder, name)
      )`);
    await q.query(`
      CREATE TABLE inbound_sftp_error_files (
        upload_id uuid PRIMARY KEY,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        name text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE inbound_sftp_host_keys (
        id smallint PRIMARY KEY CHECK (id = 1),
        key_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS inbound_sftp_host_keys');
    await q.query('DROP TABLE IF EXISTS inbound_sftp_error_files');
    await q.query('DROP TABLE IF EXISTS inbound_sftp_files');
    await q.query('DROP TABLE IF EXISTS inbound_sftp_keys');
    await q.query('DROP TABLE IF EXISTS inbound_sftp_logins');
  }
}
