import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import type { OrderSnapshot } from './order-snapshots.service.js';
import { ORDER_COLUMNS, type OrderRow } from './order-view.js';
import type { listOrdersSql } from './orders-list.sql.js';

/** An open order as the late rules read it when the company's verdicts are recalculated. */
export interface OpenOrderRow {
  id: string;
  state: string;
  faire_created_at: Date;
  processing_at: Date | null;
  shipment_created_at: Date | null;
  tracking_number: string | null;
}

/** The WHERE, ORDER BY and parameters `listOrdersSql` answers (`$1` is left to the scope). */
type ListSql = ReturnType<typeof listOrdersSql>;

/**
 * Every statement on the `orders` table made by the orders module's sync, snapshots, lists and the
 * digest's problem reports (other modules read stored orders through `OrderRecords`). Each takes the
 * company's `CompanyScope`; a caller's transaction is passed as `m`.
 */
@Injectable()
export class OrdersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Upserts one order as Faire answered it, with its late verdict; an older answer than the stored one
   * changes nothing, and the first-seen dates keep their first value.
   */
  async upsert(
    scope: CompanyScope,
    s: OrderSnapshot,
    verdict: { isProblem: boolean; problemReason: string | null },
    brandId: string | null,
    m: EntityManager = this.db.manager,
  ): Promise<void> {
    await scopedQuery(
      m,
      scope,
      `INSERT INTO orders (company_id, faire_order_id, display_id, state, is_open, faire_created_at, faire_updated_at, processing_at,
                           customer_name, total_cents, expected_ship_date, tracking_number, carrier, shipment_created_at,
                           estimated_payout_at, is_problem, problem_reason, fetched_at, closed_at, brand_id,
                           first_seen_shipped_at, first_seen_in_transit_at, currency, ship_to, items)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17, now(), CASE WHEN $5 THEN NULL ELSE now() END, $18, $19, $20, $21, $22, $23)
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
         currency = COALESCE(EXCLUDED.currency, orders.currency),
         ship_to = EXCLUDED.ship_to, items = EXCLUDED.items
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
        s.shipTo ? JSON.stringify(s.shipTo) : null,
        s.items ? JSON.stringify(s.items) : null,
      ],
    );
  }

  /** The company's open orders, locked until `tx` ends (their verdicts are about to be rewritten). */
  lockOpen(scope: CompanyScope, tx: EntityManager): Promise<OpenOrderRow[]> {
    return scopedQuery<OpenOrderRow[]>(
      tx,
      scope,
      `SELECT id, state, faire_created_at, processing_at, shipment_created_at, tracking_number FROM orders
          WHERE company_id = $1 AND is_open FOR UPDATE`,
    );
  }

  /** Writes the late verdicts of the given orders (ids, flags and reasons in the same order). */
  async setVerdicts(
    scope: CompanyScope,
    verdicts: { ids: string[]; flags: boolean[]; reasons: (string | null)[] },
    tx: EntityManager,
  ): Promise<void> {
    if (!verdicts.ids.length) return;
    await scopedQuery(
      tx,
      scope,
      `UPDATE orders o SET is_problem = v.p, problem_reason = v.r
         FROM unnest($2::uuid[], $3::boolean[], $4::text[]) AS v(id, p, r) WHERE o.id = v.id AND o.company_id = $1`,
      [verdicts.ids, verdicts.flags, verdicts.reasons],
    );
  }

  /** The Faire ids of the company's orders stored open but not among `seen` (Faire's open list). */
  async openNotIn(scope: CompanyScope, seen: readonly string[]): Promise<string[]> {
    const rows = await scopedQuery<{ faire_order_id: string }[]>(
      this.db,
      scope,
      'SELECT faire_order_id FROM orders WHERE company_id = $1 AND is_open AND NOT (faire_order_id = ANY($2::text[]))',
      [[...seen]],
    );
    return rows.map((r) => r.faire_order_id);
  }

  /** Closes an order Faire no longer knows. */
  async closeGone(scope: CompanyScope, faireOrderId: string): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `UPDATE orders SET is_open = false, closed_at = now(), is_problem = false WHERE company_id = $1 AND faire_order_id = $2`,
      [faireOrderId],
    );
  }

  /** Drops the company's orders of any brand but `brandId` (the company changed brand during a sync). */
  async dropOtherBrands(scope: CompanyScope, brandId: string): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      'DELETE FROM orders WHERE company_id = $1 AND brand_id IS DISTINCT FROM $2',
      [brandId],
    );
  }

  /** One page (or all, without `page`) of the orders list. */
  listPage(
    scope: CompanyScope,
    sql: Pick<ListSql, 'where' | 'orderBy' | 'params'>,
    page?: { perPage: number; page: number },
  ): Promise<OrderRow[]> {
    return scopedQuery<OrderRow[]>(
      this.db,
      scope,
      `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${sql.where} ORDER BY ${sql.orderBy}` +
        (page ? ` LIMIT ${page.perPage} OFFSET ${(page.page - 1) * page.perPage}` : ''),
      sql.params,
    );
  }

  /** How many orders the list's filters match (summed over the WHEREs `listOrdersSql` counts by). */
  async listCount(scope: CompanyScope, sql: Pick<ListSql, 'countWheres' | 'countParams'>): Promise<number> {
    const { countWheres } = sql;
    const count =
      countWheres.length === 1
        ? `SELECT count(*)::int AS n FROM orders WHERE ${countWheres[0]}`
        : `SELECT (${countWheres.map((w) => `(SELECT count(*) FROM orders WHERE ${w})`).join(' + ')})::int AS n`;
    const [counted] = await scopedQuery<[{ n: number }]>(this.db, scope, count, sql.countParams);
    return counted.n;
  }

  /** The list's rows with the problem last reported to the company (the daily digest). */
  listWithReported(
    scope: CompanyScope,
    sql: Pick<ListSql, 'where' | 'orderBy' | 'params'>,
    m: EntityManager,
  ): Promise<(OrderRow & { digest_reported_reason: string | null })[]> {
    return scopedQuery(
      m,
      scope,
      `SELECT ${ORDER_COLUMNS}, digest_reported_reason FROM orders WHERE ${sql.where} ORDER BY ${sql.orderBy}`,
      sql.params,
    );
  }

  /** Records the problem each order was reported with. */
  async markReported(
    scope: CompanyScope,
    orders: readonly { id: string; problemReason: string | null }[],
    m: EntityManager,
  ): Promise<void> {
    await scopedQuery(
      m,
      scope,
      `UPDATE orders o SET digest_reported_reason = v.reason
         FROM unnest($2::uuid[], $3::text[]) AS v(id, reason) WHERE o.id = v.id AND o.company_id = $1`,
      [orders.map((o) => o.id), orders.map((o) => o.problemReason)],
    );
  }
}
