import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { NOT_SCANNED_STATES, shipByEndSql } from './order-view.js';

/** An order as the late-rate page lists it. */
export interface LateRateRow {
  id: string;
  faire_order_id: string;
  display_id: string;
  customer_name: string | null;
  expected_ship_date: Date;
  first_seen_in_transit_at?: Date;
  state?: string;
  overdue?: boolean;
}

/** The reads of the late-shipment rate on `orders`: the quarter's counts, its late orders, those at risk. */
@Injectable()
export class LateRateQuery {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Orders first scanned in [start, end): how many, and how many after their ship-by day. */
  async counts(scope: CompanyScope, start: Date, end: Date): Promise<{ shipped: number; late: number }> {
    const [counts] = await scopedQuery<[{ shipped: number; late: number }]>(
      this.db,
      scope,
      `SELECT count(*)::int AS shipped,
              count(*) FILTER (WHERE first_seen_in_transit_at >= ${shipByEndSql('expected_ship_date')})::int AS late
         FROM orders
        WHERE company_id = $1 AND expected_ship_date IS NOT NULL
          AND first_seen_in_transit_at >= $2 AND first_seen_in_transit_at < $3`,
      [start, end],
    );
    return counts;
  }

  /** The late ones of those, the latest scan first, at most `limit`. */
  late(scope: CompanyScope, start: Date, end: Date, limit: number): Promise<LateRateRow[]> {
    return scopedQuery<LateRateRow[]>(
      this.db,
      scope,
      `SELECT id, faire_order_id, display_id, customer_name, expected_ship_date, first_seen_in_transit_at
         FROM orders
        WHERE company_id = $1 AND expected_ship_date IS NOT NULL
          AND first_seen_in_transit_at >= $2 AND first_seen_in_transit_at < $3
          AND first_seen_in_transit_at >= ${shipByEndSql('expected_ship_date')}
        ORDER BY first_seen_in_transit_at DESC LIMIT ${Math.trunc(limit)}`,
      [start, end],
    );
  }

  /** Open unscanned orders whose ship-by day ends before `now` + `hours` (`overdue`: before `now`). */
  atRisk(scope: CompanyScope, now: Date, hours: number): Promise<LateRateRow[]> {
    return scopedQuery<LateRateRow[]>(
      this.db,
      scope,
      `SELECT id, faire_order_id, display_id, customer_name, expected_ship_date, state,
              ${shipByEndSql('expected_ship_date')} <= $3 AS overdue
         FROM orders
        WHERE company_id = $1 AND is_open AND state = ANY($2::text[]) AND expected_ship_date IS NOT NULL
          AND ${shipByEndSql('expected_ship_date')} <= $3::timestamptz + make_interval(hours => $4)
        ORDER BY expected_ship_date ASC, id`,
      [[...NOT_SCANNED_STATES], now, hours],
    );
  }
}
