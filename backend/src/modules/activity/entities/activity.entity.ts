import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One row of the append-only audit log (a database trigger refuses updates and deletes). */
@Entity('activity')
export class Activity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at: Date;

  @Column({ name: 'actor_user_id', type: 'uuid', nullable: true })
  actorUserId: string | null;

  @Column({ name: 'actor_email', type: 'citext', nullable: true })
  actorEmail: string | null;

  @Column({ name: 'actor_is_admin', type: 'boolean', default: false })
  actorIsAdmin: boolean;

  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId: string | null;

  /** The actor's role in that company when the entry was recorded (migration 1764300002202). */
  @Column({ name: 'actor_role', type: 'text', nullable: true })
  actorRole: string | null;

  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text', nullable: true })
  target: string | null;

  @Column({ type: 'jsonb', default: () => "'{}'::jsonb" })
  details: Record<string, unknown>;
}
