import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One daily digest of a company: claimed in the transaction that sends it, so it goes out once per company
 * per day whatever the number of workers (decision 0018). Table: migration 1764200000602.
 */
@Entity('digest_sends')
export class DigestSend {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  /** The UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'date' })
  day: string;

  @Column({ type: 'integer' })
  recipients: number;

  @Column({ type: 'integer' })
  orders: number;

  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' })
  sentAt: Date;
}
