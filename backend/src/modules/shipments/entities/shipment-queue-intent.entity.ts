import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * A materialised slice whose shipments are committed but whose jobs are not yet known to be queued:
 * written in the slice's transaction, deleted once its jobs are added; the recovery sweep queues the
 * shipments of one left behind (decision 0060). Migration 1764300005300.
 */
@Entity('shipment_queue_intents')
export class ShipmentQueueIntent {
  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @PrimaryColumn({ name: 'batch_no', type: 'integer' })
  batchNo: number;

  @Column({ name: 'shipment_ids', type: 'uuid', array: true })
  shipmentIds: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
