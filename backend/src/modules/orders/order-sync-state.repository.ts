import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';

/** How the company's last order syncs went. */
export interface SyncStateRow {
  last_success_at: Date | null;
  high_water_mark: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
}

/** The statements of the order sync on `order_sync_state` (one row per company). */
@Injectable()
export class OrderSyncStates {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The company's sync state (null: never synced). */
  async get(scope: CompanyScope): Promise<SyncStateRow | null> {
    const rows = await scopedQuery<SyncStateRow[]>(
      this.db,
      scope,
      'SELECT last_success_at, high_water_mark, last_error, last_error_at FROM order_sync_state WHERE company_id = $1',
    );
    return rows[0] ?? null;
  }

  /**
   * A sync succeeded at `at`, having read orders updated up to `highWaterMark`; `stored`: it stored some
   * (the mark held labels are compared with is then taken now, after those writes committed).
   */
  async succeeded(scope: CompanyScope, at: Date, highWaterMark: Date, stored: boolean): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `INSERT INTO order_sync_state (company_id, last_success_at, high_water_mark, updated_at, orders_stored_at)
       VALUES ($1, $2, $3, now(), CASE WHEN $4 THEN clock_timestamp() END)
       ON CONFLICT (company_id) DO UPDATE SET last_success_at = $2, high_water_mark = $3, updated_at = now(),
         orders_stored_at = CASE WHEN $4 THEN clock_timestamp() ELSE order_sync_state.orders_stored_at END`,
      [at, highWaterMark, stored],
    );
  }

  /** A sync failed with `message` (what people are shown). */
  async failed(scope: CompanyScope, message: string): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `INSERT INTO order_sync_state (company_id, last_error, last_error_at, updated_at) VALUES ($1, $2, now(), now())
       ON CONFLICT (company_id) DO UPDATE SET last_error = $2, last_error_at = now(), updated_at = now()`,
      [message],
    );
  }

  /** Forgets the company's sync state, so the next sync is a full one. */
  async forget(scope: CompanyScope): Promise<void> {
    await scopedQuery(this.db, scope, 'DELETE FROM order_sync_state WHERE company_id = $1');
  }
}
