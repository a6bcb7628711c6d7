import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiKeyScope } from '../../../common/http/auth-context.js';

/** A company API key (decision 0067): its hash only, never the key. Migration 1764300006200. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  name: string;

  /** The key's first characters (`fsk_` and its id part), shown to tell keys apart. */
  @Column({ type: 'text' })
  prefix: string;

  /** SHA-256 (hex) of the whole key. */
  @Column({ name: 'key_hash', type: 'text' })
  keyHash: string;

  @Column({ type: 'text', array: true })
  scopes: ApiKeyScope[];

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** The address the last call came from (as `TRUST_PROXY` reads it). */
  @Column({ name: 'last_used_from', type: 'text', nullable: true })
  lastUsedFrom: string | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'revoked_by', type: 'uuid', nullable: true })
  revokedBy: string | null;
}
