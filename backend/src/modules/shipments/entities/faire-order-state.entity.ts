import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { FaireOrder } from '../../marketplace/index.js';

/**
 * A brand's Faire order as Faire last answered it (a page of the order list, a create's answer, a single
 * read), with the database time it was known current (decision 0040). Migration 1764300002500.
 */
@Entity('faire_order_states')
export class FaireOrderState {
  @PrimaryColumn({ name: 'brand_id', type: 'text' })
  brandId: string;

  @PrimaryColumn({ name: 'order_id', type: 'text' })
  orderId: string;

  /** Faire's `updated_at` of the kept version: of two versions, the later one stays. */
  @Column({ name: 'faire_updated_at', type: 'timestamptz' })
  faireUpdatedAt: Date;

  @Column({ name: 'seen_at', type: 'timestamptz' })
  seenAt: Date;

  @Column({ type: 'jsonb' })
  body: FaireOrder;
}

/**
 * When a brand's orders were last read in bulk (`read_at`, database time when the read began) and the
 * newest Faire `updated_at` it saw, where the next delta starts (decision 0040). Migration 1764300002500.
 */
@Entity('faire_brand_reads')
export class FaireBrandRead {
  @PrimaryColumn({ name: 'brand_id', type: 'text' })
  brandId: string;

  @Column({ name: 'read_at', type: 'timestamptz' })
  readAt: Date;

  @Column({ name: 'high_water', type: 'timestamptz', nullable: true })
  highWater: Date | null;
}
