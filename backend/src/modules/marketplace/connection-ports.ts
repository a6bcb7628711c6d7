import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CompanyScope } from '../../common/database/company-scope.js';

/** What a brand change needs from the orders module, which owns `orders` and `order_sync_state`. */
export interface ConnectionOrdersSource {
  /** Removes the company's orders and sync state inside `tx`, so the next sync is a full one. */
  forgetOrders(scope: CompanyScope, tx: EntityManager): Promise<void>;
}

function missing(what: string): Error {
  return new Error(`No ${what}: the module that owns them has not registered with the marketplace module`);
}

/**
 * The port a brand change removes the company's orders through. The orders module imports this one
 * (for Faire and the connections), so it cannot be imported back; it implements
 * `ConnectionOrdersSource` and registers it here when it starts.
 */
@Injectable()
export class ConnectionOrders implements ConnectionOrdersSource {
  private source?: ConnectionOrdersSource;
  private syncer?: (companyId: string) => Promise<void>;

  register(source: ConnectionOrdersSource): void {
    this.source = source;
  }

  /** The orders module's "sync this company's orders soon" (called once Faire is connected). */
  registerSyncer(syncSoon: (companyId: string) => Promise<void>): void {
    this.syncer = syncSoon;
  }

  /** Queues a sync of the company's orders, without waiting for it (nothing when none registered). */
  async syncSoon(scope: CompanyScope): Promise<void> {
    await this.syncer?.(scope.companyId);
  }

  forgetOrders(scope: CompanyScope, tx: EntityManager): Promise<void> {
    if (!this.source) return Promise.reject(missing('orders'));
    return this.source.forgetOrders(scope, tx);
  }
}
