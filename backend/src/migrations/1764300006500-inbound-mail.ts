import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mail-in address per company (decision 0069). `inbound_mailboxes`: the address's token sealed
 * with the SecretBox (shown again to the company's admins) and its SHA-256 for the receiver's lookup,
 * and the optional list of allowed senders. `inbound_messages`: each message taken, once per company,
 * Message-ID and hash of its attachments, with the uploads it made and what its files came to.
 */
export class InboundMail1764300006500 implements MigrationInterface {
  name = 'InboundMail1764300006500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE inbound_mailboxes (
        company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        token_sealed text NOT NULL,
        allowed_senders text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        rotated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE inbound_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        message_id text NOT NULL,
        attachments_hash text NOT NULL,
        sender text NOT NULL,
        upload_ids uuid[] NOT NULL DEFAULT '{}',
        files jsonb NOT NULL DEFAULT '[]',
        received_at timestamptz NOT NULL DEFAULT now(),
        replied_at timestamptz,
        CONSTRAINT inbound_messages_once UNIQUE (company_id, message_id, attachments_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS inbound_messages');
    await q.query('DROP TABLE IF EXISTS inbound_mailboxes');
  }
}
