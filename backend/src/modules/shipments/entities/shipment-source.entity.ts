import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A later report of a shipment by another upload (decision 0033): the same label from a file and from
 * ShipStation is one shipment, created by the first report (its own `upload_id`), with one row here per
 * later upload that reported it again. Migration 1764300002301.
 */
@Entity('shipment_sources')
export class ShipmentSource {
  @PrimaryColumn({ name: 'shipment_id', type: 'uuid' })
  shipmentId: string;

  @PrimaryColumn({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  /** The reporting upload's source kind: UPLOAD, PROCESS, SHIPSTATION, ... */
  @Column({ type: 'text' })
  source: string;

  @Column({ name: 'reported_at', type: 'timestamptz', default: () => 'now()' })
  reportedAt: Date;
}
