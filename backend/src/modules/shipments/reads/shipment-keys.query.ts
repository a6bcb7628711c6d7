import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { normalizeTrackingNumber } from '@portal/shipment-rules';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../../common/database/company-scope.js';

/** A Faire order and a tracking number as written anywhere (normalised here). */
export interface OrderTracking {
  orderId: string;
  trackingNumber: string;
}

/** The key `ShipmentKeys.live` answers: `<order id>|<normalised tracking number>`. */
export function orderTrackingKey(p: OrderTracking): string {
  return `${p.orderId}|${normalizeTrackingNumber(p.trackingNumber)}`;
}

/**
 * What other modules may ask of the company's shipments by their unique key (company, order, tracking
 * number): which pairs already have a shipment that is on Faire or on its way there (SUCCESS or
 * PENDING), so a source's label for it is "already on Faire" instead of another row (decision 0065);
 * and, for the order check, which pairs already succeeded.
 */
@Injectable()
export class ShipmentKeys {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async live(scope: CompanyScope, pairs: readonly OrderTracking[]): Promise<Set<string>> {
    if (pairs.length === 0) return new Set();
    const rows = await scopedQuery<{ order_id: string; tracking_number: string }[]>(
      this.db,
      scope,
      `SELECT s.order_id, s.tracking_number FROM shipments s
         JOIN unnest($2::text[], $3::text[]) AS k(order_id, tracking_number)
           ON s.order_id = k.order_id AND s.tracking_number = k.tracking_number
        WHERE s.company_id = $1 AND s.status IN ('SUCCESS', 'PENDING')`,
      [pairs.map((p) => p.orderId), pairs.map((p) => normalizeTrackingNumber(p.trackingNumber))],
    );
    return new Set(rows.map((r) => `${r.order_id}|${r.tracking_number}`));
  }

  /**
   * For each (order, tracking number) of the company, in the order given: whether a shipment of it
   * already succeeded (`i` counts from 1).
   */
  alreadySucceeded(
    scope: CompanyScope,
    keys: readonly { orderId: string; trackingNumber: string }[],
  ): Promise<{ i: number; uploaded: boolean }[]> {
    return scopedQuery<{ i: number; uploaded: boolean }[]>(
      this.db,
      scope,
      `SELECT k.i, EXISTS (SELECT 1 FROM shipments s WHERE s.company_id = $1 AND s.order_id = k.order_id
                               AND s.tracking_number = k.tracking_number AND s.status = 'SUCCESS') AS uploaded
           FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS k(order_id, tracking_number, i)
          ORDER BY k.i`,
      [keys.map((k) => k.orderId), keys.map((k) => k.trackingNumber)],
    );
  }
}
