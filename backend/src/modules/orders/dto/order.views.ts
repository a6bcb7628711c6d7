import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OPEN_ORDER_STATES } from '@portal/shipment-rules';

const nullableString = { type: String, nullable: true } as const;

/** One open order as `GET /api/orders` answers it and the order screens show it. */
export class OrderViewDto {
  @ApiProperty() id: string;
  @ApiProperty() faireOrderId: string;
  @ApiProperty() displayId: string;
  @ApiProperty({ enum: OPEN_ORDER_STATES }) state: string;
  @ApiProperty() isProblem: boolean;
  @ApiProperty(nullableString) problemReason: string | null;
  @ApiProperty(nullableString) estimatedPayoutAt: string | null;
  /** Faire pays this order out: it is in transit and Faire gave a payout date (pre-transit orders never are). */
  @ApiProperty() payoutExpected: boolean;
  /** Past its expected ship date with no carrier scan yet: Faire will count the shipment late. */
  @ApiProperty() pastExpectedShipDate: boolean;
  @ApiProperty() createdAt: string;
  @ApiProperty(nullableString) customerName: string | null;
  @ApiProperty({ type: Number, nullable: true }) totalCents: number | null;
  /** The currency Faire recorded the order's amounts in (ISO 4217); null for orders synced before it was kept. */
  @ApiProperty(nullableString) currency: string | null;
  @ApiProperty(nullableString) expectedShipDate: string | null;
  @ApiProperty(nullableString) trackingNumber: string | null;
  @ApiProperty(nullableString) carrier: string | null;
  @ApiProperty(nullableString) shipmentCreatedAt: string | null;
  @ApiProperty() fetchedAt: string;
  @ApiProperty() marketplaceUrl: string;
}

export class OrdersView {
  @ApiProperty({ type: [OrderViewDto] }) orders: OrderViewDto[];
}

export class OrdersPageView extends OrdersView {
  @ApiProperty({ description: 'Orders matching the filters, all pages' }) total: number;
}

/** An order the late rate counts (shipped late) or that may add to it (at risk). */
export class LateRateOrderView {
  @ApiProperty() id: string;
  @ApiProperty() faireOrderId: string;
  @ApiProperty() displayId: string;
  @ApiProperty(nullableString) customerName: string | null;
  @ApiProperty() expectedShipDate: string;
  /** When the carrier first scanned it, as far as the syncs tell (the first sync that saw it in transit). */
  @ApiPropertyOptional() firstScanAt?: string;
  @ApiPropertyOptional() state?: string;
  /** Already past its ship-by day without a scan: it will count against the rate when it ships. */
  @ApiPropertyOptional() overdue?: boolean;
  @ApiProperty() marketplaceUrl: string;
}

export class QuarterView {
  @ApiProperty({ example: 'Q4 2026' }) label: string;
  @ApiProperty() start: string;
  @ApiProperty() end: string;
}

export class LateRateView {
  @ApiProperty({ type: QuarterView }) quarter: QuarterView;
  @ApiProperty({ description: "Faire's line: at most this share of shipments late" }) limit: number;
  @ApiProperty() shipped: number;
  @ApiProperty() late: number;
  @ApiProperty({ type: Number, nullable: true }) rate: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'If every overdue order shipped now' })
  projectedRate: number | null;
  @ApiProperty({ type: [LateRateOrderView] }) lateOrders: LateRateOrderView[];
  @ApiProperty() atRiskCount: number;
  @ApiProperty() overdueCount: number;
  @ApiProperty({ type: [LateRateOrderView] }) atRisk: LateRateOrderView[];
  @ApiProperty() atRiskHours: number;
}

export class StateCountView {
  @ApiProperty({ enum: OPEN_ORDER_STATES }) state: string;
  @ApiProperty() count: number;
  @ApiProperty() percent: number;
  @ApiProperty() late: number;
  @ApiProperty() latePaid: number;
}

export class ShipmentCountsView {
  @ApiProperty() total: number;
  @ApiProperty() success: number;
  @ApiProperty() pending: number;
  @ApiProperty() failed: number;
}

export class OrderStatsView {
  @ApiProperty() openOrders: number;
  @ApiProperty() problemOrders: number;
  @ApiProperty(nullableString) lastRefreshedAt: string | null;
  @ApiProperty(nullableString) lastSyncError: string | null;
  @ApiProperty({ type: [StateCountView] }) byState: StateCountView[];
  @ApiProperty({ type: ShipmentCountsView }) shipments: ShipmentCountsView;
}
