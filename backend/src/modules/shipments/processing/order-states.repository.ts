import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import type { Queryable } from '../../../common/database/company-scope.js';
import type { FaireOrder } from '../../marketplace/index.js';

/** An order's state as the brand's bulk reads have it, for `FaireOrderStates.lookup`. */
export interface StoredOrderState {
  body: FaireOrder | null;
  /** Seen within the window. */
  fresh: boolean | null;
  /** Another row of the order (not among the fresh ids) was sent since it was seen. */
  touched: boolean | null;
}

/**
 * The brands' Faire orders read in bulk (`faire_brand_reads`, `faire_order_states`; decision 0040): every
 * statement of `FaireOrderStates`. Methods taking `q` run on the connection holding the brand's read lock
 * or an order's lock.
 */
@Injectable()
export class OrderStatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A connection of its own, for a bulk read under the brand's lock. */
  async connect(): Promise<QueryRunner> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    return runner;
  }

  /** One bulk read per brand at a time (released by Postgres itself if this process dies). */
  async lockBrand(q: Queryable, brandId: string): Promise<void> {
    await q.query('SELECT pg_advisory_lock(25, hashtext($1))', [brandId]);
  }

  async unlockBrand(q: Queryable, brandId: string): Promise<void> {
    await q.query('SELECT pg_advisory_unlock(25, hashtext($1))', [brandId]);
  }

  /** Whether the brand's orders were read in bulk within `maxAgeMs`. */
  async readWithin(brandId: string, maxAgeMs: number): Promise<boolean> {
    const rows: { fresh: boolean }[] = await this.db.query(
      `SELECT read_at > now() - $2::int * interval '1 millisecond' AS fresh FROM faire_brand_reads WHERE brand_id = $1`,
      [brandId, maxAgeMs],
    );
    return rows[0]?.fresh ?? false;
  }

  /** How long ago the brand's orders were last read in bulk (ms, database clock); null: never. */
  async age(brandId: string): Promise<number | null> {
    const rows = await this.db.query<{ age: string | number }[]>(
      `SELECT extract(epoch FROM now() - read_at) * 1000 AS age FROM faire_brand_reads WHERE brand_id = $1`,
      [brandId],
    );
    return rows[0] ? Number(rows[0].age) : null;
  }

  /** The database's now, when a bulk read starts, and the newest `updated_at` the brand's last one saw. */
  async readStart(q: Queryable, brandId: string): Promise<{ started: Date; high_water: Date | null }> {
    const [state] = await q.query<{ started: Date; high_water: Date | null }[]>(
      `SELECT now() AS started, (SELECT high_water FROM faire_brand_reads WHERE brand_id = $1) AS high_water`,
      [brandId],
    );
    return state!;
  }

  /** A bulk read done: when it started and the newest `updated_at` it saw. */
  async saveRead(q: Queryable, brandId: string, readAt: Date, highWater: Date): Promise<void> {
    await q.query(
      `INSERT INTO faire_brand_reads (brand_id, read_at, high_water) VALUES ($1, $2, $3)
       ON CONFLICT (brand_id) DO UPDATE SET read_at = $2, high_water = $3`,
      [brandId, readAt, highWater],
    );
  }

  /** The brand's states last seen over `keepDays` days ago are forgotten. */
  async forgetOlderThan(q: Queryable, brandId: string, keepDays: number): Promise<void> {
    await q.query(
      `DELETE FROM faire_order_states WHERE brand_id = $1 AND seen_at < now() - $2::int * interval '1 day'`,
      [brandId, keepDays],
    );
  }

  /**
   * Faire's answer about orders of the brand, known current at `seenAt` (default: now). The newer of two
   * versions of an order stays (Faire's updated_at); the later sighting counts.
   */
  async write(q: Queryable, brandId: string, orders: readonly FaireOrder[], seenAt?: Date): Promise<void> {
    await q.query(
      `INSERT INTO faire_order_states (brand_id, order_id, faire_updated_at, seen_at, body)
       SELECT $1, o.id, o.updated, coalesce($4::timestamptz, now()), o.body
         FROM unnest($2::text[], $3::timestamptz[], $5::jsonb[]) AS o(id, updated, body)
       ON CONFLICT (brand_id, order_id) DO UPDATE SET
         body = CASE WHEN EXCLUDED.faire_updated_at >= faire_order_states.faire_updated_at
                     THEN EXCLUDED.body ELSE faire_order_states.body END,
         faire_updated_at = greatest(EXCLUDED.faire_updated_at, faire_order_states.faire_updated_at),
         seen_at = greatest(EXCLUDED.seen_at, faire_order_states.seen_at)`,
      [
        brandId,
        orders.map((o) => o.id),
        orders.map((o) => new Date(o.updated_at)),
        seenAt ?? null,
        orders.map((o) => JSON.stringify(o)),
      ],
    );
  }

  /**
   * The order's stored state under its lock: whether it was seen within `windowMs`, and whether a row
   * of the order other than `freshIds` was put in flight and may have been sent after it was seen.
   */
  async lookup(
    q: Queryable,
    brandId: string,
    orderId: string,
    freshIds: readonly string[],
    windowMs: number,
  ): Promise<StoredOrderState | undefined> {
    const rows = await q.query<StoredOrderState[]>(
      `WITH known AS (
         SELECT s.body, greatest(s.seen_at, r.read_at) AS as_of
           FROM faire_order_states s
           JOIN faire_brand_reads r ON r.brand_id = s.brand_id
          WHERE s.brand_id = $1 AND s.order_id = $2
       )
       SELECT known.body,
              known.as_of > now() - $4::int * interval '1 millisecond' AS fresh,
              EXISTS (SELECT 1 FROM shipments x
                       WHERE x.order_id = $2 AND x.attempts > 0 AND x.brand_id = $1
                         AND NOT (x.id = ANY($3::uuid[]))
                         AND (x.status = 'PENDING' OR x.updated_at >= known.as_of)) AS touched
         FROM known`,
      [brandId, orderId, freshIds, windowMs],
    );
    return rows[0];
  }
}
