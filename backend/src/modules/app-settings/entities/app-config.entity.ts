import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One application setting saved in the admin panel; the value is sealed (AES-256-GCM, bound to the key). */
@Entity('app_config')
export class AppConfigEntry {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ name: 'value_sealed', type: 'text' })
  valueSealed: string;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
