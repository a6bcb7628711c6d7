import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * An `Idempotency-Key` of the public API (decision 0067): the body's hash and the upload it made.
 * Migration 1764300006300.
 */
@Entity('api_idempotency_keys')
export class ApiIdempotencyKey {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @PrimaryColumn({ name: 'idempotency_key', type: 'text' })
  idempotencyKey: string;

  /** SHA-256 (hex) of the body as received. */
  @Column({ name: 'body_hash', type: 'text' })
  bodyHash: string;

  @Column({ name: 'upload_id', type: 'uuid' })
  uploadId: string;

  @Column({ name: 'api_key_id', type: 'uuid', nullable: true })
  apiKeyId: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
