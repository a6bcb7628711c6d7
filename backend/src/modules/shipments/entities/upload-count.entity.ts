import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The counts of a settled upload, valid while `counts_version` equals the upload's (decision 0028).
 * Migration 1764300002101.
 */
@Entity('upload_counts')
export class UploadCount {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ name: 'counts_version', type: 'integer' })
  countsVersion: number;

  /** Rows per status (INVALID and repeats included), as the results view shows them. */
  @Column({ name: 'by_status', type: 'jsonb' })
  byStatus: Record<string, number>;

  /** Shipments made from this upload's rows. */
  @Column({ name: 'own_rows', type: 'integer' })
  ownRows: number;

  @Column({ name: 'counted_at', type: 'timestamptz' })
  countedAt: Date;
}
