import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { CompanyScope } from '../../common/database/company-scope.js';
import { OrderSnapshots } from './order-snapshots.service.js';
import { toOrderView, type OrderView } from './order-view.js';
import { listOrdersSql } from './orders-list.sql.js';
import { OrdersRepository } from './orders.repository.js';

/**
 * Which problem orders were already reported to a company (the daily digest), kept on the order
 * (`orders.digest_reported_reason`), so only new problems are reported again.
 */
@Injectable()
export class ProblemOrderReports {
  constructor(
    private readonly snapshots: OrderSnapshots,
    private readonly orders: OrdersRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The company's problem orders now whose problem was not reported yet (a new problem reason counts as
   * new), the most urgent first, as the orders list shows them.
   */
  async unreported(scope: CompanyScope, m: EntityManager): Promise<OrderView[]> {
    const t = await this.snapshots.thresholds(scope, m);
    const now = this.clock.now();
    // listOrdersSql leaves $1 to the scope.
    const sql = listOrdersSql({ problem: 'true', sort: 'expectedShipDate' }, t, now);
    const rows = await this.orders.listWithReported(scope, sql, m);
    const url = this.config.marketplace.orderUrlTemplate;
    return rows
      .map((r) => ({ view: toOrderView(r, t, now, url), reported: r.digest_reported_reason }))
      .filter(({ view, reported }) => view.isProblem && view.problemReason !== reported)
      .map(({ view }) => view);
  }

  /** Records that these orders were reported with their current problem. */
  async markReported(
    scope: CompanyScope,
    orders: readonly Pick<OrderView, 'id' | 'problemReason'>[],
    m: EntityManager,
  ): Promise<void> {
    await this.orders.markReported(scope, orders, m);
  }
}
