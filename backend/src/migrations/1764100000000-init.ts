import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Extensions the schema relies on: trigram indexes for substring search, case-insensitive text. */
export class Init1764100000000 implements MigrationInterface {
  name = 'Init1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await q.query('CREATE EXTENSION IF NOT EXISTS citext');
  }

  async down(): Promise<void> {
    // Extensions may be shared with other schemas; leave them.
  }
}
