import { DEFAULT_THRESHOLDS } from '@portal/shipment-rules';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A company's late thresholds, in days (a company without a row has the defaults, DEFAULT_THRESHOLDS of
 * the rules library). Owned by the orders
 * module, whose late rules read it; the company-settings module saves it through `OrderSnapshots`
 * (decision 0024). Table: migration 1764100000003.
 */
@Entity('company_settings')
export class CompanySettings {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'new_order_days', type: 'integer', default: DEFAULT_THRESHOLDS.newOrderDays })
  newOrderDays: number;

  @Column({ name: 'processing_days', type: 'integer', default: DEFAULT_THRESHOLDS.processingDays })
  processingDays: number;

  @Column({ name: 'pre_transit_days', type: 'integer', default: DEFAULT_THRESHOLDS.preTransitDays })
  preTransitDays: number;

  @Column({ name: 'in_transit_days', type: 'integer', default: DEFAULT_THRESHOLDS.inTransitDays })
  inTransitDays: number;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
