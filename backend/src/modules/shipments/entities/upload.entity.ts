import type { ColumnMapping } from '@portal/shipment-rules';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One intake of a company's shipments: a CSV file (`UPLOAD`), rows reviewed in the browser (`PROCESS`)
 * or labels a source connection reported (`SHIPSTATION`, ...; an open set, decision 0033), with its
 * counts. `materialized_at` is set once none of its slices (`upload_batches`) is left. Migrations
 * 1764100000003, 005 and 1764300002301.
 */
@Entity('uploads')
export class Upload {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  /** The source kind: UPLOAD, PROCESS, SHIPSTATION, ... */
  @Column({ type: 'text' })
  source: string;

  /** The source connection that sent it (null: a person did, `userId`). */
  @Column({ name: 'source_connection_id', type: 'uuid', nullable: true })
  sourceConnectionId: string | null;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'file_size', type: 'integer', default: 0 })
  fileSize: number;

  @Column({ type: 'text', nullable: true })
  encoding: string | null;

  @Column({ type: 'text', nullable: true })
  delimiter: string | null;

  @Column({ name: 'column_mapping', type: 'jsonb', nullable: true })
  columnMapping: ColumnMapping | null;

  @Column({ name: 'total_rows', type: 'integer', default: 0 })
  totalRows: number;

  @Column({ name: 'valid_rows', type: 'integer', default: 0 })
  validRows: number;

  @Column({ name: 'invalid_rows', type: 'integer', default: 0 })
  invalidRows: number;

  @Column({ name: 'duplicate_rows', type: 'integer', default: 0 })
  duplicateRows: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ name: 'materialized_at', type: 'timestamptz', nullable: true })
  materializedAt: Date | null;

  /** The company's connection's currency at intake: what the rows are shown in until they are sent. */
  @Column({ name: 'currency', type: 'varchar', length: 3, nullable: true })
  currency: string | null;

  /** Raised when a row that had ended changes again: stored counts of another version are stale (decision 0028). */
  @Column({ name: 'counts_version', type: 'integer', default: 0 })
  countsVersion: number;
}
