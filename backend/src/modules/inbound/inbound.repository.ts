import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { returningRows } from '../../common/database/returning-rows.js';
import { InboundMailbox } from './entities/inbound-mailbox.entity.js';
import { InboundMessage, type InboundFileOutcome } from './entities/inbound-message.entity.js';

/** `inbound_mailboxes` and `inbound_messages` (decision 0069). */
@Injectable()
export class InboundRecords {
  private readonly mailboxes: ScopedRepository<InboundMailbox>;

  constructor(
    @InjectRepository(InboundMailbox) private readonly mailboxRepo: Repository<InboundMailbox>,
    @InjectRepository(InboundMessage) private readonly messageRepo: Repository<InboundMessage>,
  ) {
    this.mailboxes = new ScopedRepository(mailboxRepo);
  }

  mailbox(scope: CompanyScope): Promise<InboundMailbox | null> {
    return this.mailboxes.findOne(scope, {});
  }

  /** The receiver's lookup: the mailbox of this token's hash (its company comes from the row). */
  byTokenHash(tokenHash: string): Promise<InboundMailbox | null> {
    return this.mailboxRepo.findOne({ where: { tokenHash } });
  }

  /** A new token for the company: the row's old hash is replaced, so the old address stops at once. */
  async setToken(scope: CompanyScope, token: { hash: string; sealed: string }): Promise<void> {
    await scopedQuery(
      this.mailboxRepo.manager,
      scope,
      `INSERT INTO inbound_mailboxes (company_id, token_hash, token_sealed) VALUES ($1, $2, $3)
       ON CONFLICT (company_id) DO UPDATE
         SET token_hash = excluded.token_hash, token_sealed = excluded.token_sealed, rotated_at = now()`,
      [token.hash, token.sealed],
    );
  }

  /** Sets the allowed senders of an existing mailbox; false when the company has none. */
  async setAllowedSenders(scope: CompanyScope, senders: string[]): Promise<boolean> {
    const result = await scopedQuery(
      this.mailboxRepo.manager,
      scope,
      `UPDATE inbound_mailboxes SET allowed_senders = $2 WHERE company_id = $1 RETURNING company_id`,
      [senders],
    );
    return returningRows(result).length > 0;
  }

  /**
   * Claims a message inside the transaction that stages its files: the row's id, or null when the
   * company has taken this message (Message-ID and attachments) before. A second delivery at the same
   * time waits on the first's row and, once it commits, finds it taken.
   */
  async claimMessage(
    tx: EntityManager,
    scope: CompanyScope,
    m: { messageId: string; attachmentsHash: string; sender: string },
  ): Promise<string | null> {
    const rows = await scopedQuery<Array<{ id: string }>>(
      tx,
      scope,
      `INSERT INTO inbound_messages (company_id, message_id, attachments_hash, sender) VALUES ($1, $2, $3, $4)
       ON CONFLICT ON CONSTRAINT inbound_messages_once DO NOTHING RETURNING id`,
      [m.messageId, m.attachmentsHash, m.sender],
    );
    return rows[0]?.id ?? null;
  }

  /** What the message's files came to, in the same transaction as their staging. */
  async recordFiles(
    tx: EntityManager,
    scope: CompanyScope,
    id: string,
    files: InboundFileOutcome[],
  ): Promise<void> {
    const uploadIds = files.flatMap((f) => (f.uploadId ? [f.uploadId] : []));
    await scopedQuery(
      tx,
      scope,
      `UPDATE inbound_messages SET files = $3::jsonb, upload_ids = $4 WHERE company_id = $1 AND id = $2`,
      [id, JSON.stringify(files), uploadIds],
    );
  }

  async replied(scope: CompanyScope, id: string): Promise<void> {
    await scopedQuery(
      this.messageRepo.manager,
      scope,
      `UPDATE inbound_messages SET replied_at = now() WHERE company_id = $1 AND id = $2`,
      [id],
    );
  }
}
