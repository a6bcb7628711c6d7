import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two read-only functions by which the users and companies modules answer the session lookup
 * (decisions 0026, 0052): `user_identity(uuid)` (the users module's `users` table) and
 * `active_membership(uuid)` (the companies module's `memberships` and `companies`). The auth module's
 * session store calls them in its one statement, so the session, its user and their membership stay one
 * round trip while no module's SQL names another module's table. Both are plain SQL functions that
 * Postgres inlines into the calling statement.
 */
export class CallerFunctions1764300005200 implements MigrationInterface {
  name = 'CallerFunctions1764300005200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION user_identity(p_user_id uuid) RETURNS TABLE (id uuid, email text, name text)
      LANGUAGE sql STABLE AS $$
        SELECT u.id, u.email::text, u.name FROM users u WHERE u.id = p_user_id
      $$`);
    await q.query(`
      CREATE FUNCTION active_membership(p_user_id uuid)
      RETURNS TABLE (membership_id uuid, user_id uuid, company_id uuid, company_name text, role text)
      LANGUAGE sql STABLE AS $$
        SELECT m.id, m.user_id, m.company_id, c.name, m.role
          FROM memberships m LEFT JOIN companies c ON c.id = m.company_id
         WHERE m.status = 'ACTIVE' AND m.user_id = p_user_id
         LIMIT 1
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION active_membership(uuid)');
    await q.query('DROP FUNCTION user_identity(uuid)');
  }
}
