import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What one file of a message came to: its upload, or why it was refused. */
export interface InboundFileOutcome {
  name: string;
  uploadId: string | null;
  refused: string | null;
}

/**
 * A message taken by the mail-in receiver (decision 0069), once per company, Message-ID and hash of its
 * attachments; written in the transaction that stages its files. Migration 1764300006500.
 */
@Entity('inbound_messages')
export class InboundMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'message_id', type: 'text' })
  messageId: string;

  @Column({ name: 'attachments_hash', type: 'text' })
  attachmentsHash: string;

  @Column({ type: 'text' })
  sender: string;

  @Column({ name: 'upload_ids', type: 'uuid', array: true })
  uploadIds: string[];

  @Column({ type: 'jsonb' })
  files: InboundFileOutcome[];

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  @Column({ name: 'replied_at', type: 'timestamptz', nullable: true })
  repliedAt: Date | null;
}
