import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An OAuth token that must still be revoked at Faire (sealed), kept until the system queue's schedule
 * revokes it (`TokenRevocations`). Migration 1764200000300.
 */
@Entity('marketplace_token_revocations')
export class MarketplaceTokenRevocation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'token_ciphertext', type: 'text' })
  tokenCiphertext: string;

  @Column({ name: 'seal_id', type: 'uuid' })
  sealId: string;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;
}
