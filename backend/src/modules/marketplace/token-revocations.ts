import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CompanyConnections } from './company-connections.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { FaireError } from './faire.errors.js';
import { RevocationRecords } from './token-revocations.repository.js';

const BATCH = 50;
const MAX_DELAY_MIN = 24 * 60;

/**
 * OAuth tokens the product no longer uses but could not revoke at Faire right away (Faire unreachable,
 * or tokens dropped by the migration to one connection per company). They wait, sealed, in
 * `marketplace_token_revocations` until the system queue's schedule revokes them (`SystemProcessor`).
 */
@Injectable()
export class TokenRevocations {
  private readonly logger = new Logger('TokenRevocations');

  constructor(
    private readonly records: RevocationRecords,
    private readonly connections: CompanyConnections,
    private readonly oauth: FaireOAuthClient,
  ) {}

  /** Revokes a token now; if Faire cannot be told, keeps it (sealed) for a later attempt. */
  async revokeOrQueue(token: string): Promise<void> {
    const outcome = await this.tryRevoke(token);
    if (outcome === 'done') return;
    const sealId = crypto.randomUUID();
    await this.records.add(this.connections.seal(token, sealId), sealId);
  }

  async enqueue(manager: EntityManager, tokenCiphertext: string, sealId: string): Promise<void> {
    await this.records.add(tokenCiphertext, sealId, manager);
  }

  /** Revokes every queued token that is due; answers how many are left. */
  async drain(): Promise<number> {
    const due = await this.records.due(BATCH);
    for (const row of due) {
      let token: string;
      try {
        token = this.connections.open({ tokenCiphertext: row.token_ciphertext, sealId: row.seal_id });
      } catch {
        this.logger.warn('A queued Faire token could not be unsealed (encryption key changed?); dropping it');
        await this.records.remove(row.id);
        continue;
      }
      const outcome = await this.tryRevoke(token);
      if (outcome === 'done') {
        await this.records.remove(row.id);
      } else {
        const delayMin = Math.min(MAX_DELAY_MIN, 2 ** Math.min(row.attempts, 11));
        await this.records.postpone(row.id, outcome.error, delayMin);
      }
    }
    return this.records.count();
  }

  /** 'done' when Faire revoked it or no longer knows it (a 400/401 answer); otherwise why not. */
  private async tryRevoke(token: string): Promise<'done' | { error: string }> {
    try {
      await this.oauth.revoke(token);
      return 'done';
    } catch (err) {
      if (err instanceof FaireError && (err.status === 400 || err.status === 401)) return 'done';
      return { error: (err as Error).message };
    }
  }
}
