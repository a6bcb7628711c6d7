import { Injectable } from '@nestjs/common';
import { normalizeOrderId, normalizeTrackingNumber } from '@portal/shipment-rules';
import { CompanyScope } from '../../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { OrderLookup, OrderRecords } from '../../orders/index.js';
import type { OrderCheckItemDto } from './order-check.dto.js';
import { ShipmentKeys } from './shipment-keys.query.js';

/** Order states in which Faire takes no new shipment. */
const CANNOT_SHIP: Record<string, string> = {
  CANCELED: 'The order is canceled on Faire, so this row cannot succeed.',
  DELIVERED: 'The order is already delivered on Faire, so this row cannot succeed.',
  PENDING_RETAILER_CONFIRMATION:
    'The order still waits for the retailer on Faire, so this row cannot succeed yet.',
};

/** Faire reads one check may make for orders the sync has not stored (the brand's rate limit is shared). */
export const CHECK_LOOKUPS = 10;

export interface OrderCheckRow {
  orderId: string;
  trackingNumber: string;
  /** Among the company's orders (synced, or found on Faire by this check). */
  known: boolean;
  checked: 'STORED' | 'FOUND_ON_FAIRE' | 'NOT_ON_FAIRE' | 'NOT_CHECKED';
  state: string | null;
  /** The same tracking number is already on the order (from the sync) or already created by an upload. */
  trackingAlreadyThere: boolean;
  /** True when the row cannot succeed as things stand (the warning says why). */
  cannotSucceed: boolean;
  warning: string | null;
}

/**
 * What the product knows of the orders in a file, before anything is sent: from the last sync of the
 * company's orders (asked of the orders module) and from its shipments; with `lookUp`, orders the sync
 * has not stored yet are read from Faire by id first (decision 0066), so a row is called unable to
 * succeed only when Faire said the order is not the brand's, or its state forbids it.
 */
@Injectable()
export class OrderCheckService {
  constructor(
    private readonly shipments: ShipmentKeys,
    private readonly orders: OrderRecords,
    private readonly lookup: OrderLookup,
  ) {}

  async check(caller: CompanyAuthContext, items: OrderCheckItemDto[], lookUp = false) {
    const keys = items.map((i) => ({
      orderId: normalizeOrderId(i.orderId),
      trackingNumber: normalizeTrackingNumber(i.trackingNumber),
    }));
    const scope = CompanyScope.of(caller);
    const ids = keys.map((k) => k.orderId);
    const synced = await this.orders.find(scope, ids);
    const asked = lookUp
      ? await this.lookup.lookUp(
          scope,
          ids.filter((id) => !synced.has(id)),
          CHECK_LOOKUPS,
        )
      : null;
    const [uploaded, stored, lastSyncAt] = await Promise.all([
      this.shipments.alreadySucceeded(scope, keys),
      asked && asked.found.size ? this.orders.find(scope, ids) : Promise.resolve(synced),
      this.orders.lastSyncAt(scope),
    ]);
    const checkedOf = (id: string): OrderCheckRow['checked'] =>
      synced.has(id)
        ? 'STORED'
        : stored.has(id)
          ? 'FOUND_ON_FAIRE'
          : asked?.missing.has(id)
            ? 'NOT_ON_FAIRE'
            : 'NOT_CHECKED';
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
        } else if (checkedOf(orderId) === 'NOT_ON_FAIRE') {
          warning =
            'Not among your Faire orders: Faire has no such order for your brand. Check the order ID.';
          cannotSucceed = true;
        } else if (!r.known) {
          // Not stored by a sync, and not asked of Faire yet: it may be today's order.
          warning = 'Not synced yet: checked on Faire when you press Process.';
        }
        return {
          orderId,
          trackingNumber,
          known: r.known,
          checked: checkedOf(orderId),
          state: r.state,
          trackingAlreadyThere: there,
          cannotSucceed,
          warning,
        };
      }),
    };
  }
}
