import type { DateOrder } from '@portal/shipment-rules';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The date order a company's last file that settled it was read in (a date only one order can read),
 * used for its next file whose dates all read both ways (decision 0030). Table: migration 1764300002200.
 */
@Entity('company_date_orders')
export class CompanyDateOrder {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'date_order', type: 'text' })
  dateOrder: DateOrder;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
