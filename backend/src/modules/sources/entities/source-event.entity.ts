import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A webhook delivery waiting to be read: its resource (checked to be on the source's API origin before
 * it was stored). One pending row per resource, so a duplicated delivery is absorbed. Migration
 * 1764300002300.
 */
@Entity('source_events')
export class SourceEvent {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId: string;

  @Column({ name: 'resource_url', type: 'text' })
  resourceUrl: string;

  @Column({ name: 'resource_type', type: 'text' })
  resourceType: string;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  /** The source refused to answer the resource (kept with the refusal; never read again). */
  @Column({ name: 'refused_at', type: 'timestamptz', nullable: true })
  refusedAt: Date | null;

  @Column({ type: 'text', nullable: true })
  refusal: string | null;
}
