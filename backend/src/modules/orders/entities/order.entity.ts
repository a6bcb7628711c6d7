import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A Faire order of a company, as the last sync (or the answer to a shipment we created) saw it, with
 * its late verdict. Tables: migrations 1764100000003, 300, 600, 601, 602 and 700.
 */
@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'faire_order_id', type: 'text' })
  faireOrderId: string;

  @Column({ name: 'display_id', type: 'text' })
  displayId: string;

  @Column({ type: 'text' })
  state: string;

  @Column({ name: 'is_open', type: 'boolean', default: true })
  isOpen: boolean;

  @Column({ name: 'faire_created_at', type: 'timestamptz' })
  faireCreatedAt: Date;

  @Column({ name: 'faire_updated_at', type: 'timestamptz' })
  faireUpdatedAt: Date;

  @Column({ name: 'processing_at', type: 'timestamptz', nullable: true })
  processingAt: Date | null;

  @Column({ name: 'customer_name', type: 'text', nullable: true })
  customerName: string | null;

  @Column({ name: 'total_cents', type: 'integer', nullable: true })
  totalCents: number | null;

  /** The currency of the order's amounts, as Faire recorded them (migration 1764300002201). */
  @Column({ type: 'varchar', length: 3, nullable: true })
  currency: string | null;

  @Column({ name: 'expected_ship_date', type: 'timestamptz', nullable: true })
  expectedShipDate: Date | null;

  @Column({ name: 'tracking_number', type: 'text', nullable: true })
  trackingNumber: string | null;

  @Column({ type: 'text', nullable: true })
  carrier: string | null;

  @Column({ name: 'shipment_created_at', type: 'timestamptz', nullable: true })
  shipmentCreatedAt: Date | null;

  @Column({ name: 'estimated_payout_at', type: 'timestamptz', nullable: true })
  estimatedPayoutAt: Date | null;

  @Column({ name: 'is_problem', type: 'boolean', default: false })
  isProblem: boolean;

  @Column({ name: 'problem_reason', type: 'text', nullable: true })
  problemReason: string | null;

  @Column({ name: 'fetched_at', type: 'timestamptz', default: () => 'now()' })
  fetchedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /** The Faire brand the order came from. */
  @Column({ name: 'brand_id', type: 'text', nullable: true })
  brandId: string | null;

  /** Lowercased order id, display id and customer: a generated column, for search. */
  @Column({ name: 'search_text', type: 'text', nullable: true, insert: false, update: false })
  searchText: string | null;

  @Column({ name: 'first_seen_shipped_at', type: 'timestamptz', nullable: true })
  firstSeenShippedAt: Date | null;

  @Column({ name: 'first_seen_in_transit_at', type: 'timestamptz', nullable: true })
  firstSeenInTransitAt: Date | null;

  /** The problem the order was last reported with in a daily digest. */
  @Column({ name: 'digest_reported_reason', type: 'text', nullable: true })
  digestReportedReason: string | null;

  /** When the order's late clock started (a generated column, by the late rules). */
  @Column({ name: 'problem_since', type: 'timestamptz', nullable: true, insert: false, update: false })
  problemSince: Date | null;
}
