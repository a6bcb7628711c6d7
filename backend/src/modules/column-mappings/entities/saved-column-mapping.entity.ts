import type { ColumnMapping } from '@portal/shipment-rules';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A column mapping a company saved, one per set of CSV headers (`fingerprint`), so the next file with the
 * same columns is read the same way without asking. Table: migration 1764200000400.
 */
@Entity('column_mappings')
export class SavedColumnMapping {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  fingerprint: string;

  /** The headers as fingerprinted (trimmed, case folded). */
  @Column({ type: 'jsonb' })
  headers: string[];

  @Column({ type: 'jsonb' })
  mapping: ColumnMapping;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;
}
