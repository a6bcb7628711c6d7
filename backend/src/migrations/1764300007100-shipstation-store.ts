import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * ShipStation Custom Store mode (decision 0071). On the ShipStation connection: the store's random id
 * (its URL's last part), the username and the scrypt hash of the password ShipStation calls with, and
 * when store mode was turned on (null: off). On orders: what the store's order export needs and the
 * sync did not keep, the ship-to address and the items (SKU, name, quantity, unit price).
 */
export class ShipStationStore1764300007100 implements MigrationInterface {
  name = 'ShipStationStore1764300007100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE source_connections
        ADD COLUMN store_id text,
        ADD COLUMN store_username text,
        ADD COLUMN store_password_hash text,
        ADD COLUMN store_enabled_at timestamptz`);
    await q.query(
      'CREATE UNIQUE INDEX source_connections_store_id ON source_connections (store_id) WHERE store_id IS NOT NULL',
    );
    await q.query('ALTER TABLE orders ADD COLUMN ship_to jsonb, ADD COLUMN items jsonb');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN ship_to, DROP COLUMN items');
    await q.query('DROP INDEX source_connections_store_id');
    await q.query(`
      ALTER TABLE source_connections
        DROP COLUMN store_id, DROP COLUMN store_username, DROP COLUMN store_password_hash,
        DROP COLUMN store_enabled_at`);
  }
}
