import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';

/** How long a post's `Idempotency-Key` is honoured. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

export interface StoredIdempotencyKey {
  bodyHash: string;
  uploadId: string;
}

/** `api_idempotency_keys` (decision 0067): what a company's `Idempotency-Key` was used for. */
@Injectable()
export class IdempotencyKeys {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The key's body hash and upload, if it was used within the day before `now`. */
  async find(scope: CompanyScope, key: string, now: Date): Promise<StoredIdempotencyKey | null> {
    const rows = await scopedQuery<{ body_hash: string; upload_id: string }[]>(
      this.db,
      scope,
      `SELECT body_hash, upload_id FROM api_idempotency_keys
        WHERE company_id = $1 AND idempotency_key = $2 AND created_at > $3`,
      [key, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
    );
    const row = rows[0];
    return row ? { bodyHash: row.body_hash, uploadId: row.upload_id } : null;
  }

  /**
   * Takes the key for `uploadId` inside the transaction that stages the upload (a key older than a day
   * is taken over). False when another post holds it: that post committed first, and this one's
   * transaction must roll back and answer as that one did.
   */
  async claim(
    tx: EntityManager,
    scope: CompanyScope,
    k: { key: string; bodyHash: string; uploadId: string; apiKeyId: string; now: Date },
  ): Promise<boolean> {
    const rows = await scopedQuery<unknown[]>(
      tx,
      scope,
      `INSERT INTO api_idempotency_keys (company_id, idempotency_key, body_hash, upload_id, api_key_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (company_id, idempotency_key) DO UPDATE
          SET body_hash = EXCLUDED.body_hash, upload_id = EXCLUDED.upload_id,
              api_key_id = EXCLUDED.api_key_id, created_at = EXCLUDED.created_at
        WHERE api_idempotency_keys.created_at <= $7
       RETURNING 1`,
      [k.key, k.bodyHash, k.uploadId, k.apiKeyId, k.now, new Date(k.now.getTime() - IDEMPOTENCY_TTL_MS)],
    );
    return rows.length > 0;
  }
}
