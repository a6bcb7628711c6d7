import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A row of an upload that did not become one of its shipments: a row with errors, or a repeat of a
 * shipment that exists. Migrations 1764100000003 and 005.
 */
@Entity('upload_rows')
export class UploadRow {
  /** bigserial: read as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ name: 'row_number', type: 'integer' })
  rowNumber: number;

  /** The row as received, by column. */
  @Column({ type: 'jsonb' })
  raw: Record<string, string>;

  @Column({ type: 'boolean' })
  valid: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  errors: unknown[];

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  warnings: unknown[];

  @Column({ name: 'shipment_id', type: 'uuid', nullable: true })
  shipmentId: string | null;

  @Column({ type: 'boolean', default: false })
  duplicate: boolean;
}
