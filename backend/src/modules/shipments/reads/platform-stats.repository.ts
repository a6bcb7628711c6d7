import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Platform-wide counts of shipments and uploads, every company at once (the admin panel's stats). */
@Injectable()
export class ShipmentPlatformStats {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Shipments created on Faire, across every company. */
  async successfulShipments(): Promise<number> {
    const [row] = await this.db.query<[{ n: number }]>(
      `SELECT count(*)::int AS n FROM shipments WHERE status = 'SUCCESS'`,
    );
    return row.n;
  }

  /** Uploads whose rows are still not all shipments `afterMs` after they were received. */
  async stuckUploads(afterMs: number): Promise<number> {
    const [row] = await this.db.query<[{ n: number }]>(
      `SELECT count(*)::int AS n FROM uploads
        WHERE materialized_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')`,
      [afterMs],
    );
    return row.n;
  }
}
