import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each order was first seen shipped (a shipment on Faire) and first seen scanned by the carrier
 * (IN_TRANSIT or later), as the order syncs tell it: the late-shipment rate is computed from them
 * (decision 0018). Set once, never moved by later syncs. One partial index for the quarter's scans.
 */
export class OrderFirstSeen1764200000601 implements MigrationInterface {
  name = 'OrderFirstSeen1764200000601';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN first_seen_shipped_at timestamptz,
                                      ADD COLUMN first_seen_in_transit_at timestamptz`);
    // Orders already stored: what their current state says (in transit since its last update at the latest).
    await q.query(`UPDATE orders SET
        first_seen_shipped_at = CASE WHEN state IN ('PRE_TRANSIT', 'IN_TRANSIT', 'DELIVERED')
                                     THEN coalesce(shipment_created_at, faire_updated_at) END,
        first_seen_in_transit_at = CASE WHEN state IN ('IN_TRANSIT', 'DELIVERED') THEN faire_updated_at END`);
    await q.query(
      `CREATE INDEX orders_first_scan ON orders (company_id, first_seen_in_transit_at) WHERE first_seen_in_transit_at IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_first_scan`);
    await q.query(
      `ALTER TABLE orders DROP COLUMN first_seen_in_transit_at, DROP COLUMN first_seen_shipped_at`,
    );
  }
}
