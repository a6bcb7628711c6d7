import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A slice of an upload's valid rows as received, waiting to become shipments; deleted in the
 * transaction that materialises it (decision 0011). Migration 1764100000005.
 */
@Entity('upload_batches')
export class UploadBatch {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @PrimaryColumn({ name: 'batch_no', type: 'integer' })
  batchNo: number;

  @Column({ name: 'row_count', type: 'integer' })
  rowCount: number;

  /** The slice's rows, serialised. */
  @Column({ type: 'text' })
  rows: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
