import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { ConnectionOrders, type ConnectionOrdersSource } from '../marketplace/index.js';
import type { OrderLine, ShipTo } from './order-shipping.js';

/** What the last sync stored of one of the company's orders. */
export interface StoredOrder {
  state: string;
  trackingNumber: string | null;
  /** The order's subtotal in minor units of its currency (null: Faire gave none). */
  totalCents: number | null;
  /** When it was last stored from Faire (a sync, a lookup, a shipment's answer). */
  fetchedAt: Date;
}

/** An open order as the public API lists it. */
export interface OpenOrderRecord {
  /** The row's own id (the keyset's tie-breaker). */
  rowId: string;
  faireOrderId: string;
  displayId: string;
  state: string;
  createdAt: Date;
  expectedShipDate: Date | null;
  trackingNumber: string | null;
  totalCents: number | null;
  currency: string | null;
}

/** An order still to ship as the ShipStation store exports it (decision 0071). */
export interface StoreOrderRecord {
  faireOrderId: string;
  displayId: string;
  state: string;
  createdAt: Date;
  /** The latest of Faire's change and when it was stored here (an order synced late is not missed). */
  modifiedAt: Date;
  totalCents: number | null;
  customerName: string | null;
  expectedShipDate: Date | null;
  shipTo: ShipTo | null;
  items: OrderLine[];
}

interface OpenOrderRow {
  id: string;
  faire_order_id: string;
  display_id: string;
  state: string;
  faire_created_at: Date;
  expected_ship_date: Date | null;
  tracking_number: string | null;
  total_cents: number | null;
  currency: string | null;
}

/**
 * What other modules may read or drop of the company's stored orders and sync state: the orders a file
 * names (the order check before processing), when the last sync succeeded, and forgetting them all when
 * the company changes brand (registered with the marketplace module's `ConnectionOrders` port at start).
 */
@Injectable()
export class OrderRecords implements ConnectionOrdersSource, OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly port: ConnectionOrders,
  ) {}

  onModuleInit(): void {
    this.port.register(this);
  }

  /** The company's stored orders among `faireOrderIds`, by Faire order id (absent: not stored). */
  async find(scope: CompanyScope, faireOrderIds: readonly string[]): Promise<Map<string, StoredOrder>> {
    const rows = await scopedQuery<
      {
        faire_order_id: string;
        state: string;
        tracking_number: string | null;
        total_cents: number | null;
        fetched_at: Date;
      }[]
    >(
      this.db,
      scope,
      'SELECT faire_order_id, state, tracking_number, total_cents, fetched_at FROM orders WHERE company_id = $1 AND faire_order_id = ANY($2::text[])',
      [[...new Set(faireOrderIds)]],
    );
    return new Map(
      rows.map((r) => [
        r.faire_order_id,
        {
          state: r.state,
          trackingNumber: r.tracking_number,
          totalCents: r.total_cents,
          fetchedAt: r.fetched_at,
        },
      ]),
    );
  }

  /**
   * A page of the company's open orders, oldest placed first, after the keyset `after` (the last
   * order of the previous page): stable while orders come and go (the public API, decision 0067).
   */
  async openPage(
    scope: CompanyScope,
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<OpenOrderRecord[]> {
    const rows = await scopedQuery<OpenOrderRow[]>(
      this.db,
      scope,
      `SELECT id, faire_order_id, display_id, state, faire_created_at, expected_ship_date, tracking_number,
              total_cents, currency
         FROM orders
        WHERE company_id = $1 AND is_open
          AND ($2::timestamptz IS NULL OR (faire_created_at, id) > ($2::timestamptz, $3::uuid))
        ORDER BY faire_created_at, id LIMIT $4`,
      [after?.createdAt ?? null, after?.id ?? null, limit],
    );
    return rows.map((r) => ({
      rowId: r.id,
      faireOrderId: r.faire_order_id,
      displayId: r.display_id,
      state: r.state,
      createdAt: r.faire_created_at,
      expectedShipDate: r.expected_ship_date,
      trackingNumber: r.tracking_number,
      totalCents: r.total_cents,
      currency: r.currency,
    }));
  }

  /**
   * One page of the company's orders in `states` changed in [from, to] (by the later of Faire's change and
   * when it was stored here), oldest change first, and how many there are in all.
   */
  async storePage(
    scope: CompanyScope,
    q: { states: string[]; from: Date; to: Date; offset: number; limit: number },
  ): Promise<{ total: number; orders: StoreOrderRecord[] }> {
    const where = `company_id = $1 AND state = ANY($2::text[]) AND ship_to IS NOT NULL
        AND greatest(faire_updated_at, fetched_at) BETWEEN $3 AND $4`;
    const [count] = await scopedQuery<{ n: number }[]>(
      this.db,
      scope,
      `SELECT count(*)::int AS n FROM orders WHERE ${where}`,
      [q.states, q.from, q.to],
    );
    const rows = await scopedQuery<
      {
        faire_order_id: string;
        display_id: string;
        state: string;
        faire_created_at: Date;
        modified_at: Date;
        total_cents: number | null;
        customer_name: string | null;
        expected_ship_date: Date | null;
        ship_to: ShipTo | null;
        items: OrderLine[] | null;
      }[]
    >(
      this.db,
      scope,
      `SELECT faire_order_id, display_id, state, faire_created_at, greatest(faire_updated_at, fetched_at) AS modified_at,
              total_cents, customer_name, expected_ship_date, ship_to, items
         FROM orders WHERE ${where}
        ORDER BY greatest(faire_updated_at, fetched_at), id OFFSET $5 LIMIT $6`,
      [q.states, q.from, q.to, q.offset, q.limit],
    );
    return {
      total: count?.n ?? 0,
      orders: rows.map((r) => ({
        faireOrderId: r.faire_order_id,
        displayId: r.display_id,
        state: r.state,
        createdAt: r.faire_created_at,
        modifiedAt: r.modified_at,
        totalCents: r.total_cents,
        customerName: r.customer_name,
        expectedShipDate: r.expected_ship_date,
        shipTo: r.ship_to,
        items: r.items ?? [],
      })),
    };
  }

  /**
   * When any of the company's orders was last stored from Faire (null: none stored), to the microsecond
   * (as text): the latest of the orders' own stamps and the mark a sync takes once its writes committed.
   */
  async lastStoredAt(scope: CompanyScope): Promise<string | null> {
    const [row] = await scopedQuery<{ at: string | null }[]>(
      this.db,
      scope,
      `SELECT greatest((SELECT max(fetched_at) FROM orders WHERE company_id = $1),
                       (SELECT orders_stored_at FROM order_sync_state WHERE company_id = $1))::text AS at`,
    );
    return row?.at ?? null;
  }

  /** When the company's orders were last synced successfully (null: never). */
  async lastSyncAt(scope: CompanyScope): Promise<Date | null> {
    const [row] = await scopedQuery<{ last_success_at: Date | null }[]>(
      this.db,
      scope,
      'SELECT last_success_at FROM order_sync_state WHERE company_id = $1',
    );
    return row?.last_success_at ?? null;
  }

  async forgetOrders(scope: CompanyScope, tx: EntityManager): Promise<void> {
    await scopedQuery(tx, scope, 'DELETE FROM orders WHERE company_id = $1');
    await scopedQuery(tx, scope, 'DELETE FROM order_sync_state WHERE company_id = $1');
  }
}
