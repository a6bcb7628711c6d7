import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../../common/database/company-scope.js';

/** The shipments a source connection created today (UTC). */
export interface SourceShipmentCount {
  /** New shipments on Faire or on their way there (a repeat of a shipment stored before is not one). */
  created: number;
  /** Of those, the ones no person sent (the source's own, after its grace). */
  onTheirOwn: number;
}

/**
 * Today's shipments by the source connection that created them (decision 0066): each shipment counted
 * once, by the intake that created it, so a tracking number reported by a file and a source, or by two
 * sources, is one shipment of one of them.
 */
@Injectable()
export class SourceShipmentCounts {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async today(scope: CompanyScope): Promise<Map<string, SourceShipmentCount>> {
    const rows = await scopedQuery<{ connection_id: string; created: number; on_their_own: number }[]>(
      this.db,
      scope,
      `SELECT u.source_connection_id AS connection_id, count(*)::int AS created,
              count(*) FILTER (WHERE u.user_id IS NULL)::int AS on_their_own
         FROM shipments s JOIN uploads u ON u.id = s.upload_id
        WHERE s.company_id = $1 AND u.source_connection_id IS NOT NULL AND s.status IN ('SUCCESS', 'PENDING')
          AND s.uploaded_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        GROUP BY u.source_connection_id`,
    );
    return new Map(rows.map((r) => [r.connection_id, { created: r.created, onTheirOwn: r.on_their_own }]));
  }
}
