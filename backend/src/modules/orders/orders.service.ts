import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { lateVerdict } from './late-rules.js';
import { OPEN_STATES, OrderSnapshots } from './order-snapshots.service.js';
import { OrdersSyncService } from './orders-sync.service.js';

export interface OrderView {
  id: string;
  faireOrderId: string;
  displayId: string;
  state: string;
  isProblem: boolean;
  problemReason: string | null;
  estimatedPayoutAt: string | null;
  createdAt: string;
  customerName: string | null;
  totalCents: number | null;
  expectedShipDate: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  shipmentCreatedAt: string | null;
  fetchedAt: string;
  marketplaceUrl: string;
}

interface OrderRow {
  id: string;
  faire_order_id: string;
  display_id: string;
  state: string;
  faire_created_at: Date;
  processing_at: Date | null;
  customer_name: string | null;
  total_cents: number | null;
  expected_ship_date: Date | null;
  tracking_number: string | null;
  carrier: string | null;
  shipment_created_at: Date | null;
  estimated_payout_at: Date | null;
  fetched_at: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Open and problem orders, and the dashboard numbers; late verdicts are computed against "now". */
@Injectable()
export class OrdersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly snapshots: OrderSnapshots,
    private readonly sync: OrdersSyncService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async open(caller: CompanyAuthContext): Promise<{ orders: OrderView[] }> {
    const rows: OrderRow[] = await this.db.query(
      `SELECT id, faire_order_id, display_id, state, faire_created_at, processing_at, customer_name, total_cents, expected_ship_date,
              tracking_number, carrier, shipment_created_at, estimated_payout_at, fetched_at
         FROM orders WHERE company_id = $1 AND is_open AND state = ANY($2::text[])
        ORDER BY faire_created_at ASC`,
      [caller.companyId, [...OPEN_STATES]],
    );
    const t = await this.snapshots.thresholds(caller.companyId);
    const now = this.clock.now();
    return {
      orders: rows.map((r) => {
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
        return {
          id: r.id,
          faireOrderId: r.faire_order_id,
          displayId: r.display_id,
          state: r.state,
          isProblem: v.isProblem,
          problemReason: v.problemReason,
          estimatedPayoutAt: iso(r.estimated_payout_at),
          createdAt: r.faire_created_at.toISOString(),
          customerName: r.customer_name,
          totalCents: r.total_cents,
          expectedShipDate: iso(r.expected_ship_date),
          trackingNumber: r.tracking_number,
          carrier: r.carrier,
          shipmentCreatedAt: iso(r.shipment_created_at),
          fetchedAt: r.fetched_at.toISOString(),
          marketplaceUrl: this.config.marketplace.orderUrlTemplate.replace(
            '{orderId}',
            encodeURIComponent(r.faire_order_id),
          ),
        };
      }),
    };
  }

  async problem(caller: CompanyAuthContext): Promise<{ orders: OrderView[] }> {
    const { orders } = await this.open(caller);
    return { orders: orders.filter((o) => o.isProblem) };
  }

  async stats(caller: CompanyAuthContext) {
    const { orders } = await this.open(caller);
    const state = await this.sync.state(caller.companyId);
    const total = orders.length;
    const byState = OPEN_STATES.map((s) => {
      const inState = orders.filter((o) => o.state === s);
      const late = inState.filter((o) => o.isProblem);
      return {
        state: s,
        count: inState.length,
        percent: total ? Math.round((inState.length / total) * 1000) / 10 : 0,
        late: late.length,
        latePaid: late.filter((o) => o.estimatedPayoutAt).length,
      };
    });
    const shipments: { status: string; n: number }[] = await this.db.query(
      'SELECT status, count(*)::int AS n FROM shipments WHERE company_id = $1 GROUP BY status',
      [caller.companyId],
    );
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
