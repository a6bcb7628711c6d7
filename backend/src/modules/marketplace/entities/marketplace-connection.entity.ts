import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type ConnectionStatus = 'CONNECTED' | 'FAILED' | 'DISCONNECTED';

/**
 * A company's Faire connection (one per company), or a developer token waiting for its user to create a
 * company (`companyId` null, `userId` set). The token is stored sealed (AES-256-GCM, bound to `sealId`).
 */
@Entity('marketplace_connections')
export class MarketplaceConnection {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid', nullable: true })
  companyId: string | null;

  /** Only for a pending developer token (no company yet). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  /** The company admin who made the connection. */
  @Column({ name: 'connected_by', type: 'uuid', nullable: true })
  connectedBy: string | null;

  /** The id the sealed token is bound to. */
  @Column({ name: 'seal_id', type: 'uuid' })
  sealId: string;

  /** ISO-4217 currency of the brand, read from its profile at connect. */
  @Column({ type: 'text', default: 'USD' })
  currency: string;

  /** The brand's locale ('en-GB'), read from its profile at connect: how its files write dates. */
  @Column({ type: 'text', nullable: true })
  locale: string | null;

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
