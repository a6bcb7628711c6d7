import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { CompanyConnections } from './company-connections.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { FaireError } from './faire.errors.js';

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
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: CompanyConnections,
    private readonly oauth: FaireOAuthClient,
  ) {}

  /** Revokes a token now; if Faire cannot be told, keeps it (sealed) for a later attempt. */
  async revokeOrQueue(token: string): Promise<void> {
    const outcome = await this.tryRevoke(token);
    if (outcome === 'done') return;
    const sealId = crypto.randomUUID();
    await this.enqueue(this.db.manager, this.connections.seal(token, sealId), sealId);
  }

  async enqueue(manager: EntityManager, tokenCiphertext: string, sealId: string): Promise<void> {
    await manager.query(
      'INSERT INTO marketplace_token_revocations (token_ciphertext, seal_id) VALUES ($1, $2)',
      [tokenCiphertext, sealId],
    );
  }

  /** Revokes every queued token that is due; answers how many are left. */
  async drain(): Promise<number> {
    const due = await this.db.query<
      { id: string; token_ciphertext: string; seal_id: string; attempts: number }[]
    >(
      `SELECT id, token_ciphertext, seal_id, attempts FROM marketplace_token_revocations
        WHERE next_attempt_at <= now() ORDER BY created_at LIMIT $1`,
      [BATCH],
    );
    for (const row of due) {
      let token: string;
      try {
        token = this.connections.open({ tokenCiphertext: row.token_ciphertext, sealId: row.seal_id });
      } catch {
        this.logger.warn('A queued Faire token could not be unsealed (encryption key changed?); dropping it');
        await this.db.query('DELETE FROM marketplace_token_revocations WHERE id = $1', [row.id]);
        continue;
      }
      const outcome = await this.tryRevoke(token);
      if (outcome === 'done') {
        await this.db.query('DELETE FROM marketplace_token_revocations WHERE id = $1', [row.id]);
      } else {
        const delayMin = Math.min(MAX_DELAY_MIN, 2 ** Math.min(row.attempts, 11));
        await this.db.query(
          `UPDATE marketplace_token_revocations SET attempts = attempts + 1, last_error = $2,
                  next_attempt_at = now() + make_interval(mins => $3) WHERE id = $1`,
          [row.id, outcome.error, delayMin],
        );
      }
    }
    const left = await this.db.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM marketplace_token_revocations',
    );
    return left[0]?.n ?? 0;
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
