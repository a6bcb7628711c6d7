import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ConnectionStatus = 'CONNECTED' | 'FAILED' | 'DISCONNECTED';

/** A user's Faire connection. The token is stored sealed (AES-256-GCM, bound to the user id). */
@Entity('marketplace_connections')
export class MarketplaceConnection {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'auth_mode', type: 'text' })
  authMode: 'OAUTH' | 'ACCESS_TOKEN';

  @Column({ name: 'brand_id', type: 'text' })
  brandId: string;

  @Column({ name: 'brand_name', type: 'text' })
  brandName: string;

  @Column({ name: 'token_ciphertext', type: 'text' })
  tokenCiphertext: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  scopes: string[];

  @Column({ type: 'text' })
  status: ConnectionStatus;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'last_checked_at', type: 'timestamptz', nullable: true })
  lastCheckedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
