import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, companies, memberships, invitations, sessions, the mail outbox and the activity log. */
export class Identity1764100000001 implements MigrationInterface {
  name = 'Identity1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        google_sub text UNIQUE,
        email citext NOT NULL UNIQUE,
        name text NOT NULL,
        last_sign_in_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE companies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        email citext NOT NULL,
        role text NOT NULL CHECK (role IN ('COMPANY_ADMIN', 'COMPANY_USER')),
        status text NOT NULL CHECK (status IN ('ACTIVE', 'INVITED', 'PENDING')),
        invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (company_id, email)
      )`);
    // A person belongs to at most one company.
    await q.query(
      `CREATE UNIQUE INDEX memberships_one_active_per_user ON memberships (user_id) WHERE status = 'ACTIVE'`,
    );
    await q.query(`CREATE INDEX memberships_company ON memberships (company_id)`);
    await q.query(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        membership_id uuid NOT NULL UNIQUE REFERENCES memberships(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        email citext NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        sent_count integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE session (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      )`);
    await q.query(`CREATE INDEX session_expire ON session (expire)`);
    await q.query(`
      CREATE TABLE mail_outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
        to_email citext NOT NULL,
        subject text NOT NULL,
        body_text text NOT NULL,
        link text,
        transport text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mail_outbox_company ON mail_outbox (company_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE activity (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_user_id uuid,
        actor_email citext,
        actor_is_admin boolean NOT NULL DEFAULT false,
        company_id uuid,
        action text NOT NULL,
        target text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      )`);
    await q.query(`CREATE INDEX activity_at ON activity (at DESC)`);
    await q.query(`CREATE INDEX activity_company_at ON activity (company_id, at DESC)`);
    // The activity log is append-only.
    await q.query(`
      CREATE FUNCTION activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'activity is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER activity_no_update BEFORE UPDATE OR DELETE ON activity
      FOR EACH ROW EXECUTE FUNCTION activity_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS activity');
    await q.query('DROP FUNCTION IF EXISTS activity_append_only');
    await q.query('DROP TABLE IF EXISTS mail_outbox');
    await q.query('DROP TABLE IF EXISTS session');
    await q.query('DROP TABLE IF EXISTS invitations');
    await q.query('DROP TABLE IF EXISTS memberships');
    await q.query('DROP TABLE IF EXISTS companies');
    await q.query('DROP TABLE IF EXISTS users');
  }
}
