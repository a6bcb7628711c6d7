import { OPEN_ORDER_STATES } from '@portal/shipment-rules';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import type { FaireOrder } from '../marketplace/index.js';
import { lateVerdict, type Thresholds } from './late-rules.js';
import { ThresholdsRepository } from './thresholds.repository.js';
import { outsideText, outsideTextOrNull } from '../../common/text/outside-text.js';

/** The states of an open order (the list lives in the shared library). */
export const OPEN_STATES = OPEN_ORDER_STATES;

interface Snapshot {
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
    await scopedQuery(
      m,
      scope,
      `INSERT INTO orders (company_id, faire_order_id, display_id, state, is_open, faire_created_at, faire_updated_at, processing_at,
                           customer_name, total_cents, expected_ship_date, tracking_number, carrier, shipment_created_at,
                           estimated_payout_at, is_problem, problem_reason, fetched_at, closed_at, brand_id,
                           first_seen_shipped_at, first_seen_in_transit_at, currency)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17, now(), CASE WHEN $5 THEN NULL ELSE now() END, $18, $19, $20, $21)
       ON CONFLICT (company_id, faire_order_id) DO UPDATE SET
         display_id = EXCLUDED.display_id, state = EXCLUDED.state, is_open = EXCLUDED.is_open,
         faire_created_at = EXCLUDED.faire_created_at, faire_updated_at = EXCLUDED.faire_updated_at,
         processing_at = EXCLUDED.processing_at, customer_name = EXCLUDED.customer_name, total_cents = EXCLUDED.total_cents,
         expected_ship_date = EXCLUDED.expected_ship_date, tracking_number = EXCLUDED.tracking_number, carrier = EXCLUDED.carrier,
         shipment_created_at = EXCLUDED.shipment_created_at, estimated_payout_at = EXCLUDED.estimated_payout_at,
         is_problem = EXCLUDED.is_problem, problem_reason = EXCLUDED.problem_reason, fetched_at = now(),
         closed_at = CASE WHEN EXCLUDED.is_open THEN NULL ELSE COALESCE(orders.closed_at, now()) END,
         brand_id = COALESCE(EXCLUDED.brand_id, orders.brand_id),
         first_seen_shipped_at = COALESCE(orders.first_seen_shipped_at, EXCLUDED.first_seen_shipped_at),
         first_seen_in_transit_at = COALESCE(orders.first_seen_in_transit_at, EXCLUDED.first_seen_in_transit_at),
         currency = COALESCE(EXCLUDED.currency, orders.currency)
       WHERE orders.faire_updated_at <= EXCLUDED.faire_updated_at`,
      [
        s.faireOrderId,
        s.displayId,
        s.state,
        s.isOpen,
        s.createdAt,
        s.updatedAt,
        s.processingAt,
        s.customerName,
        s.totalCents,
        s.expectedShipDate,
        s.trackingNumber,
        s.carrier,
        s.shipmentCreatedAt,
        s.estimatedPayoutAt,
        verdict.isProblem,
        verdict.problemReason,
        brandId,
        s.firstSeenShippedAt,
        s.firstSeenInTransitAt,
        s.currency,
      ],
    );
  }

  /** Recomputes every open order of the company against its thresholds, in one transaction. */
  async recalculate(scope: CompanyScope, m?: EntityManager): Promise<number> {
    const run = async (tx: EntityManager) => {
      const t = await this.thresholds(scope, tx);
      const rows: {
        id: string;
        state: string;
        faire_created_at: Date;
        processing_at: Date | null;
        shipment_created_at: Date | null;
        tracking_number: string | null;
      }[] = await scopedQuery(
        tx,
        scope,
        `SELECT id, state, faire_created_at, processing_at, shipment_created_at, tracking_number FROM orders
            WHERE company_id = $1 AND is_open FOR UPDATE`,
      );
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
      if (ids.length) {
        await scopedQuery(
          tx,
          scope,
          `UPDATE orders o SET is_problem = v.p, problem_reason = v.r
             FROM unnest($2::uuid[], $3::boolean[], $4::text[]) AS v(id, p, r) WHERE o.id = v.id AND o.company_id = $1`,
          [ids, flags, reasons],
        );
      }
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

export function snapshotOf(o: FaireOrder): Snapshot {
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
  };
}
