import { Injectable } from '@nestjs/common';
import { normalizeOrderId, normalizeTrackingNumber } from '@portal/shipment-rules';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OrderRecords } from '../orders/index.js';
import type { OrderCheckItemDto } from './order-check.dto.js';
import { ShipmentsRepository } from './shipments.repository.js';

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
 * of the company's orders (asked of the orders module) and from its shipments, never asking Faire.
 */
@Injectable()
export class OrderCheckService {
  constructor(
    private readonly shipments: ShipmentsRepository,
    private readonly orders: OrderRecords,
  ) {}

  async check(caller: CompanyAuthContext, items: OrderCheckItemDto[]) {
    const keys = items.map((i) => ({
      orderId: normalizeOrderId(i.orderId),
      trackingNumber: normalizeTrackingNumber(i.trackingNumber),
    }));
    const scope = CompanyScope.of(caller);
    const [uploaded, stored, lastSyncAt] = await Promise.all([
      this.shipments.alreadySucceeded(scope, keys),
      this.orders.find(
        scope,
        keys.map((k) => k.orderId),
      ),
      this.orders.lastSyncAt(scope),
    ]);
    const rows = uploaded.map((u, n) => {
      const o = stored.get(keys[n]!.orderId);
      return {
        state: o?.state ?? null,
        known: !!o,
        on_order: o?.trackingNumber === keys[n]!.trackingNumber,
        uploaded: u.uploaded,
      };
    });
    return {
      lastSyncAt: lastSyncAt ? lastSyncAt.toISOString() : null,
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
