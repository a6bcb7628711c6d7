import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A company's mail-in address (decision 0069): the token of `shipments+<token>@<domain>` sealed with the
 * SecretBox (bound to the company id) and its SHA-256 for the receiver's lookup. Migration 1764300006500.
 */
@Entity('inbound_mailboxes')
export class InboundMailbox {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  /** SHA-256 (hex) of the token. */
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'token_sealed', type: 'text' })
  tokenSealed: string;

  /** Addresses (lower case) allowed to send; empty: anyone who knows the address. */
  @Column({ name: 'allowed_senders', type: 'text', array: true })
  allowedSenders: string[];

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', default: () => 'now()' })
  rotatedAt: Date;
}
