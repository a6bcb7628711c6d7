import type { ShipmentStatus } from '@portal/shipment-rules';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One shipment a company asked for: one per company, order and tracking number, created on Faire
 * exactly once (decision 0006). Migrations 1764100000003, 300, 500 and 1764300002400.
 */
@Entity('shipments')
export class Shipment {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ name: 'row_number', type: 'integer' })
  rowNumber: number;

  @Column({ name: 'uploaded_by', type: 'uuid', nullable: true })
  uploadedBy: string | null;

  @Column({ name: 'order_id', type: 'text' })
  orderId: string;

  @Column({ name: 'display_id', type: 'text' })
  displayId: string;

  @Column({ name: 'tracking_number', type: 'text' })
  trackingNumber: string;

  @Column({ type: 'text' })
  carrier: string;

  @Column({ name: 'carrier_raw', type: 'text', nullable: true })
  carrierRaw: string | null;

  /** YYYY-MM-DD. */
  @Column({ name: 'ship_date', type: 'date' })
  shipDate: string;

  @Column({ name: 'shipping_cost_cents', type: 'integer' })
  shippingCostCents: number;

  @Column({ type: 'text', default: 'PENDING' })
  status: ShipmentStatus;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage: string | null;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'marketplace_shipment_id', type: 'text', nullable: true })
  marketplaceShipmentId: string | null;

  @Column({ name: 'in_flight_since', type: 'timestamptz', nullable: true })
  inFlightSince: Date | null;

  @Column({ name: 'uploaded_at', type: 'timestamptz', default: () => 'now()' })
  uploadedAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** The Faire brand, its name and the currency the shipment was sent with. */
  @Column({ name: 'brand_id', type: 'text', nullable: true })
  brandId: string | null;

  @Column({ name: 'brand_name', type: 'text', nullable: true })
  brandName: string | null;

  @Column({ type: 'text', nullable: true })
  currency: string | null;

  /**
   * Set once the row's job is in the queue, or at insert when its slice's queue intent stands for it
   * until then (decision 0060); NULL: a row a person's retry put back, waiting for its job (the
   * recovery sweep finds rows left without one).
   */
  @Column({ name: 'queued_at', type: 'timestamptz', nullable: true })
  queuedAt: Date | null;

  /** While Faire has trouble (decision 0037): when the retry window began (null: no 5xx/timeout yet). */
  @Column({ name: 'retry_since', type: 'timestamptz', nullable: true })
  retrySince: Date | null;

  /** When the row is tried again (null: not waiting on Faire). */
  @Column({ name: 'next_try_at', type: 'timestamptz', nullable: true })
  nextTryAt: Date | null;

  /** The last transient fault in short ("503", "429", "timeout"); Faire's words are in errorMessage. */
  @Column({ name: 'last_fault', type: 'text', nullable: true })
  lastFault: string | null;

  /** Transient faults (429s not counted) since the window began: the backoff's exponent. */
  @Column({ name: 'fault_count', type: 'integer', default: 0 })
  faultCount: number;
}
