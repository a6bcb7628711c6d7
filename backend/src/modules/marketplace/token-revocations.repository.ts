import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A queued token waiting to be revoked at Faire (sealed). */
export interface QueuedRevocation {
  id: string;
  token_ciphertext: string;
  seal_id: string;
  attempts: number;
}

/** Every statement on `marketplace_token_revocations` (platform-wide: the tokens belong to no company). */
@Injectable()
export class RevocationRecords {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Queues a sealed token, inside `manager`'s transaction if it is one. */
  async add(
    tokenCiphertext: string,
    sealId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<void> {
    await manager.query(
      'INSERT INTO marketplace_token_revocations (token_ciphertext, seal_id) VALUES ($1, $2)',
      [tokenCiphertext, sealId],
    );
  }

  /** The queued tokens due now, the oldest first, at most `limit`. */
  due(limit: number): Promise<QueuedRevocation[]> {
    return this.db.query<QueuedRevocation[]>(
      `SELECT id, token_ciphertext, seal_id, attempts FROM marketplace_token_revocations
        WHERE next_attempt_at <= now() ORDER BY created_at LIMIT $1`,
      [limit],
    );
  }

  /** Forgets a queued token (revoked, or one that no longer opens). */
  async remove(id: string): Promise<void> {
    await this.db.query('DELETE FROM marketplace_token_revocations WHERE id = $1', [id]);
  }

  /** Faire could not be told: try again in `delayMin` minutes. */
  async postpone(id: string, error: string, delayMin: number): Promise<void> {
    await this.db.query(
      `UPDATE marketplace_token_revocations SET attempts = attempts + 1, last_error = $2,
              next_attempt_at = now() + make_interval(mins => $3) WHERE id = $1`,
      [id, error, delayMin],
    );
  }

  /** How many tokens are queued. */
  async count(): Promise<number> {
    const left = await this.db.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM marketplace_token_revocations',
    );
    return left[0]?.n ?? 0;
  }
}
