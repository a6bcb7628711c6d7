import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import type { LateRateOrderView } from './dto/order.views.js';
import { LateRateQuery, type LateRateRow as Row } from './late-rate.query.js';

/** Faire's Top Shop line: at most 10% of a quarter's shipments late. */
export const LATE_RATE_LIMIT = 0.1;
/** How far ahead an unscanned order's ship-by day counts as "at risk now". */
export const AT_RISK_HOURS = 48;
const LIST_CAP = 50;

export function quarterOf(now: Date): { start: Date; end: Date; label: string } {
  const y = now.getUTCFullYear();
  const q = Math.floor(now.getUTCMonth() / 3);
  return {
    start: new Date(Date.UTC(y, q * 3, 1)),
    end: new Date(Date.UTC(y, q * 3 + 3, 1)),
    label: `Q${q + 1} ${y}`,
  };
}

/**
 * The quarter's late-shipment rate as Faire counts it (first carrier scan after the expected ship date),
 * from the first-seen dates the syncs record, and the open orders at risk of adding to it.
 */
@Injectable()
export class LateRateService {
  constructor(
    private readonly orders: LateRateQuery,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller's company (GET /api/orders/late-rate). */
  forCaller(caller: CompanyAuthContext) {
    return this.rate(CompanyScope.of(caller));
  }

  /** Worker code (the daily digest): the scope of the company its job names. */
  forCompany(scope: CompanyScope) {
    return this.rate(scope);
  }

  private async rate(scope: CompanyScope) {
    const now = this.clock.now();
    const quarter = quarterOf(now);
    const counts = await this.orders.counts(scope, quarter.start, quarter.end);
    const late = await this.orders.late(scope, quarter.start, quarter.end, LIST_CAP);
    const risk = await this.orders.atRisk(scope, now, AT_RISK_HOURS);
    const url = (id: string) =>
      this.config.marketplace.orderUrlTemplate.replace('{orderId}', encodeURIComponent(id));
    const base = (r: Row) => ({
      id: r.id,
      faireOrderId: r.faire_order_id,
      displayId: r.display_id,
      customerName: r.customer_name,
      expectedShipDate: r.expected_ship_date.toISOString(),
      marketplaceUrl: url(r.faire_order_id),
    });
    const overdue = risk.filter((r) => r.overdue).length;
    return {
      quarter: { label: quarter.label, start: quarter.start.toISOString(), end: quarter.end.toISOString() },
      limit: LATE_RATE_LIMIT,
      shipped: counts.shipped,
      late: counts.late,
      rate: counts.shipped ? counts.late / counts.shipped : null,
      /** If every overdue order shipped now: the rate the quarter is heading for. */
      projectedRate: counts.shipped + overdue ? (counts.late + overdue) / (counts.shipped + overdue) : null,
      lateOrders: late.map((r): LateRateOrderView => ({
        ...base(r),
        firstScanAt: r.first_seen_in_transit_at!.toISOString(),
      })),
      atRiskCount: risk.length,
      overdueCount: overdue,
      atRisk: risk
        .slice(0, LIST_CAP)
        .map((r): LateRateOrderView => ({ ...base(r), state: r.state, overdue: !!r.overdue })),
      atRiskHours: AT_RISK_HOURS,
    };
  }
}
