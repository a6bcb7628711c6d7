import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import type { ListOrdersQuery } from './dto/list-orders.query.js';
import { OPEN_STATES, OrderSnapshots } from './order-snapshots.service.js';
import { toOrderView, type OrderView } from './order-view.js';
import { listOrdersSql } from './orders-list.sql.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersRepository } from './orders.repository.js';
import { ShipmentTally } from './shipment-tally.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Open and problem orders, and the dashboard numbers; late verdicts are computed against "now". */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly snapshots: OrderSnapshots,
    private readonly sync: OrdersSyncService,
    private readonly shipments: ShipmentTally,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/orders: one company's open orders, searched, filtered, sorted and (with page/perPage) paged. */
  async list(
    caller: CompanyAuthContext,
    q: ListOrdersQuery = {},
  ): Promise<{ orders: OrderView[]; total: number }> {
    const scope = CompanyScope.of(caller);
    const t = await this.snapshots.thresholds(scope);
    const now = this.clock.now();
    const sql = listOrdersSql(q, t, now);
    const paged = q.page !== undefined || q.perPage !== undefined;
    const perPage = q.perPage ?? 50;
    const page = q.page ?? 1;
    const rows = await this.orders.listPage(scope, sql, paged ? { perPage, page } : undefined);
    let total = rows.length;
    if (paged && (page > 1 || rows.length === perPage)) {
      total = await this.orders.listCount(scope, sql);
    } else if (paged) total = (page - 1) * perPage + rows.length;
    const url = this.config.marketplace.orderUrlTemplate;
    return { orders: rows.map((r) => toOrderView(r, t, now, url)), total };
  }

  async open(caller: CompanyAuthContext): Promise<{ orders: OrderView[] }> {
    const { orders } = await this.list(caller);
    return { orders };
  }

  async problem(caller: CompanyAuthContext): Promise<{ orders: OrderView[] }> {
    const { orders } = await this.open(caller);
    return { orders: orders.filter((o) => o.isProblem) };
  }

  async stats(caller: CompanyAuthContext) {
    const { orders } = await this.open(caller);
    const state = await this.sync.state(CompanyScope.of(caller));
    const total = orders.length;
    const byState = OPEN_STATES.map((s) => {
      const inState = orders.filter((o) => o.state === s);
      const late = inState.filter((o) => o.isProblem);
      return {
        state: s,
        count: inState.length,
        percent: total ? Math.round((inState.length / total) * 1000) / 10 : 0,
        late: late.length,
        latePaid: late.filter((o) => o.payoutExpected).length,
      };
    });
    const shipments = await this.shipments.countByStatus(CompanyScope.of(caller));
    const count = (s: string) => shipments.find((r) => r.status === s)?.n ?? 0;
    const lastSyncFailed = !!(
      state?.last_error_at &&
      (!state.last_success_at || state.last_error_at > state.last_success_at)
    );
    return {
      openOrders: total,
      problemOrders: orders.filter((o) => o.isProblem).length,
      lastRefreshedAt: iso(state?.last_success_at ?? null),
      lastSyncError: lastSyncFailed ? state.last_error : null,
      byState,
      shipments: {
        total: shipments.reduce((a, r) => a + r.n, 0),
        success: count('SUCCESS'),
        pending: count('PENDING'),
        failed: count('FAILED') + count('ORDER_NOT_FOUND') + count('ORDER_STATUS_INCORRECT'),
      },
    };
  }
}
