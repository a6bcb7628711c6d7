import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { normalizeOrderId, normalizeTrackingNumber } from '@portal/shipment-rules';
import { DataSource } from 'typeorm';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import type { OrderCheckItemDto } from './order-check.dto.js';

/** Order states in which Faire takes no new shipment. */
const CANNOT_SHIP: Record<string, string> = {
  CANCELED: 'The order is canceled on Faire, so this row cannot succeed.',
  DELIVERED: 'The order is already delivered on Faire, so this row cannot succeed.',
  PENDING_RETAILER_CONFIRMATION:
    'The order still waits for the retailer on Faire, so this row cannot succeed yet.',
};

export interface OrderCheckRow {
  orderId: string;
  trackingNumber: string;
  /** Among the company's orders as of the last sync. */
  known: boolean;
  state: string | null;
  /** The same tracking number is already on the order (from the sync) or already created by an upload. */
  trackingAlreadyThere: boolean;
  /** True when the row cannot succeed as things stand (the warning says why). */
  cannotSucceed: boolean;
  warning: string | null;
}

/**
 * What the product already knows of the orders in a file, before anything is sent: from the last sync
 * of the company's orders and from its shipments, in one query, never asking Faire.
 */
@Injectable()
export class OrderCheckService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async check(caller: CompanyAuthContext, items: OrderCheckItemDto[]) {
    const keys = items.map((i) => ({
      orderId: normalizeOrderId(i.orderId),
      trackingNumber: normalizeTrackingNumber(i.trackingNumber),
    }));
    const rows = await this.db.query<
      { i: number; state: string | null; known: boolean; on_order: boolean; uploaded: boolean }[]
    >(
      `SELECT k.i, o.state, (o.id IS NOT NULL) AS known,
              coalesce(o.tracking_number = k.tracking_number, false) AS on_order,
              EXISTS (SELECT 1 FROM shipments s WHERE s.company_id = $1 AND s.order_id = k.order_id
                        AND s.tracking_number = k.tracking_number AND s.status = 'SUCCESS') AS uploaded
         FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS k(order_id, tracking_number, i)
         LEFT JOIN orders o ON o.company_id = $1 AND o.faire_order_id = k.order_id
        ORDER BY k.i`,
      [caller.companyId, keys.map((k) => k.orderId), keys.map((k) => k.trackingNumber)],
    );
    const [sync] = await this.db.query<{ last_success_at: Date | null }[]>(
      'SELECT last_success_at FROM order_sync_state WHERE company_id = $1',
      [caller.companyId],
    );
    return {
      lastSyncAt: sync?.last_success_at ? sync.last_success_at.toISOString() : null,
      rows: rows.map((r, n): OrderCheckRow => {
        const { orderId, trackingNumber } = keys[n]!;
        const there = r.on_order || r.uploaded;
        let warning: string | null = null;
        let cannotSucceed = false;
        if (there) {
          warning = 'This tracking number is already on the order, so it will not be sent again.';
        } else if (r.known && r.state && CANNOT_SHIP[r.state]) {
          warning = CANNOT_SHIP[r.state]!;
          cannotSucceed = true;
        } else if (!r.known) {
          warning =
            'Not among your Faire orders as of the last sync. Check the order ID; Faire is asked again when you press Process.';
          cannotSucceed = true;
        }
        return {
          orderId,
          trackingNumber,
          known: r.known,
          state: r.state,
          trackingAlreadyThere: there,
          cannotSucceed,
          warning,
        };
      }),
    };
  }
}
