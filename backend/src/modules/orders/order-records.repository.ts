import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { ConnectionOrders, type ConnectionOrdersSource } from '../marketplace/index.js';

/** What the last sync stored of one of the company's orders. */
export interface StoredOrder {
  state: string;
  trackingNumber: string | null;
  /** The order's subtotal in minor units of its currency (null: Faire gave none). */
  totalCents: number | null;
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
      { faire_order_id: string; state: string; tracking_number: string | null; total_cents: number | null }[]
    >(
      this.db,
      scope,
      'SELECT faire_order_id, state, tracking_number, total_cents FROM orders WHERE company_id = $1 AND faire_order_id = ANY($2::text[])',
      [[...new Set(faireOrderIds)]],
    );
    return new Map(
      rows.map((r) => [
        r.faire_order_id,
        { state: r.state, trackingNumber: r.tracking_number, totalCents: r.total_cents },
      ]),
    );
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
