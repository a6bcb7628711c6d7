import { OPEN_ORDER_STATES } from '@portal/shipment-rules';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { FaireOrder } from '../marketplace/index.js';
import { lateVerdict, type Thresholds } from './late-rules.js';
import { OrdersRepository } from './orders.repository.js';
import { ThresholdsRepository } from './thresholds.repository.js';
import { outsideText, outsideTextOrNull } from '../../common/text/outside-text.js';
import { shippingOf, type OrderLine, type ShipTo } from './order-shipping.js';

/** The states of an open order (the list lives in the shared library). */
export const OPEN_STATES = OPEN_ORDER_STATES;

/** A Faire order as the `orders` table stores it. */
export interface OrderSnapshot {
  faireOrderId: string;
  displayId: string;
  state: string;
  isOpen: boolean;
  createdAt: Date;
  updatedAt: Date;
  processingAt: Date | null;
  customerName: string | null;
  totalCents: number | null;
  /** The currency of the order's amounts, as Faire recorded them. */
  currency: string | null;
  expectedShipDate: Date | null;
  trackingNumber: string | null;
  carrier: string | null;
  shipmentCreatedAt: Date | null;
  estimatedPayoutAt: Date | null;
  /** Shipped (a shipment exists): its first shipment's creation, else this update. Null before. */
  firstSeenShippedAt: Date | null;
  /** Scanned by the carrier (IN_TRANSIT or DELIVERED): this update, the latest the first scan can be. */
  firstSeenInTransitAt: Date | null;
  /** Kept only while the order is still to ship (the ShipStation store's export, decision 0071). */
  shipTo: ShipTo | null;
  items: OrderLine[] | null;
}

const SHIPPED_STATES = ['PRE_TRANSIT', 'IN_TRANSIT', 'DELIVERED'];
const SCANNED_STATES = ['IN_TRANSIT', 'DELIVERED'];

/** Turns Faire orders into the company's stored order rows, with their late/problem verdicts. */
@Injectable()
export class OrderSnapshots {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly settings: ThresholdsRepository,
    private readonly orders: OrdersRepository,
  ) {}

  /** The company's late thresholds (the defaults when it never saved any). */
  thresholds(scope: CompanyScope, m: EntityManager = this.db.manager): Promise<Thresholds> {
    return this.settings.get(scope, m);
  }

  /**
   * Saves the company's late thresholds. Callers recalculate the company's orders in the same
   * transaction (`recalculate`), so no order keeps a verdict made with the old ones.
   */
  saveThresholds(scope: CompanyScope, t: Thresholds, updatedBy: string, m: EntityManager): Promise<void> {
    return this.settings.save(scope, t, updatedBy, m);
  }

  /** Upserts one order (a sync page, or the answer to a shipment we created). */
  async applyFaireOrder(
    companyId: string,
    order: FaireOrder,
    m: EntityManager = this.db.manager,
    thresholds?: Thresholds,
    brandId: string | null = null,
  ): Promise<void> {
    const s = snapshotOf(order);
    const scope = CompanyScope.ofJob(companyId);
    const t = thresholds ?? (await this.thresholds(scope, m));
    const verdict = s.isOpen
      ? lateVerdict(s, t, this.clock.now())
      : { isProblem: false, problemReason: null };
    await this.orders.upsert(scope, s, verdict, brandId, m);
  }

  /** Recomputes every open order of the company against its thresholds, in one transaction. */
  async recalculate(scope: CompanyScope, m?: EntityManager): Promise<number> {
    const run = async (tx: EntityManager) => {
      const t = await this.thresholds(scope, tx);
      const rows = await this.orders.lockOpen(scope, tx);
      const now = this.clock.now();
      const ids: string[] = [];
      const flags: boolean[] = [];
      const reasons: (string | null)[] = [];
      for (const r of rows) {
        const v = lateVerdict(
          {
            state: r.state,
            createdAt: r.faire_created_at,
            processingAt: r.processing_at,
            shipmentCreatedAt: r.shipment_created_at,
            trackingNumber: r.tracking_number,
          },
          t,
          now,
        );
        ids.push(r.id);
        flags.push(v.isProblem);
        reasons.push(v.problemReason);
      }
      await this.orders.setVerdicts(scope, { ids, flags, reasons }, tx);
      return ids.length;
    };
    return m ? run(m) : this.db.transaction(run);
  }
}

function date(v: string | null | undefined): Date | null {
  if (!v) return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function snapshotOf(o: FaireOrder): OrderSnapshot {
  const shipments = [...(o.shipments ?? [])].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const latest = shipments[shipments.length - 1];
  const customer = [o.customer?.first_name, o.customer?.last_name].filter(Boolean).join(' ').trim();
  // Synced text is data, not layout: layout characters go before it is stored (decision 0029).
  const customerName = outsideTextOrNull(o.address?.company_name || customer || o.address?.name || null);
  const subtotal = o.payout_costs?.subtotal_after_brand_discounts;
  const currency = subtotal?.currency ?? o.items?.find((i) => i.price?.currency)?.price?.currency ?? null;
  const total =
    subtotal?.amount_minor ??
    o.items?.reduce((sum, i) => sum + (i.price?.amount_minor ?? i.price_cents ?? 0) * i.quantity, 0) ??
    null;
  return {
    faireOrderId: o.id,
    displayId: outsideText(o.display_id ?? o.id.replace(/^bo_/, '').toUpperCase()),
    state: o.state,
    isOpen: (OPEN_STATES as readonly string[]).includes(o.state),
    createdAt: new Date(o.created_at),
    updatedAt: new Date(o.updated_at),
    processingAt: date(o.processing_at),
    customerName,
    totalCents: total,
    currency: currency && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : null,
    expectedShipDate: date(o.expected_ship_date ?? o.ship_after ?? null),
    trackingNumber: outsideTextOrNull(latest?.tracking_code),
    carrier: outsideTextOrNull(latest?.carrier),
    shipmentCreatedAt: date(shipments[0]?.created_at),
    estimatedPayoutAt: date(o.estimated_payout_at),
    firstSeenShippedAt: SHIPPED_STATES.includes(o.state)
      ? (date(shipments[0]?.created_at) ?? new Date(o.updated_at))
      : null,
    firstSeenInTransitAt: SCANNED_STATES.includes(o.state) ? new Date(o.updated_at) : null,
    ...shippingOf(o),
  };
}
