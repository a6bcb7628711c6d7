import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `activity.actor_role`: the actor's role in the entry's company when it was recorded (COMPANY_ADMIN or
 * COMPANY_USER), so the log can say "Company admin" instead of calling a company admin a "User"
 * (decision 0030). The log is append-only (its trigger refuses updates): earlier entries keep NULL.
 */
export class ActivityActorRole1764300002202 implements MigrationInterface {
  name = 'ActivityActorRole1764300002202';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE activity ADD COLUMN actor_role text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE activity DROP COLUMN IF EXISTS actor_role`);
  }
}
