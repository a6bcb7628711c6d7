import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { CompanyScope } from '../../../common/database/company-scope.js';
import { hookTokenHash, newHookToken } from '../source-connections.repository.js';

/** A Shopify connection's sealed credentials, with what they are sealed to (the company and the row). */
export interface SealedShopifyCredentials {
  id: string;
  company_id: string;
  credentials_ciphertext: string;
}

/**
 * The statements on `source_connections` that only the Shopify connection makes: its one row per company
 * taken under a lock when the shop is (re)connected, and its sealed tokens read and rotated under the
 * connection's advisory lock (decision 0048). The rest of the table's statements are `SourceConnections`'.
 */
@Injectable()
export class ShopifyConnectionRows {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The company's Shopify connection id, locked until `tx` ends (null: it has none). */
  async lockOfCompany(scope: CompanyScope, tx: EntityManager): Promise<string | null> {
    const rows = await tx.query<{ id: string }[]>(
      `SELECT id FROM source_connections WHERE company_id = $1 AND kind = 'SHOPIFY' FOR UPDATE`,
      [scope.companyId],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * A reconnect: the connection resumes with the new sealed tokens, connected by `userId`; after a
   * disconnect it counts as connected now (what it missed meanwhile is offered to a person).
   */
  async resume(tx: EntityManager, id: string, sealed: string, userId: string): Promise<void> {
    await tx.query(
      `UPDATE source_connections SET credentials_ciphertext = $2, paused = false, disconnected_at = NULL,
              failing_reason = NULL, failures = 0, connected_by = $3, updated_at = now(),
              connected_at = CASE WHEN disconnected_at IS NOT NULL THEN now() ELSE connected_at END
        WHERE id = $1`,
      [id, sealed, userId],
    );
  }

  /** A first connection: the company's Shopify connection `id`, costs from the label. */
  async insert(
    tx: EntityManager,
    id: string,
    scope: CompanyScope,
    sealed: string,
    userId: string,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO source_connections (id, company_id, kind, credentials_ciphertext, hook_token_hash, connected_by,
                                       cost_rule)
       VALUES ($1, $2, 'SHOPIFY', $3, $4, $5, '{"kind":"LABEL"}')`,
      [id, scope.companyId, sealed, hookTokenHash(newHookToken()), userId],
    );
  }

  /** The connection's sealed credentials (null: the connection is gone), in `m`'s transaction if given. */
  async sealed(
    connectionId: string,
    m: EntityManager = this.db.manager,
  ): Promise<SealedShopifyCredentials | null> {
    const rows = await m.query<SealedShopifyCredentials[]>(
      'SELECT id, company_id, credentials_ciphertext FROM source_connections WHERE id = $1',
      [connectionId],
    );
    return rows[0] ?? null;
  }

  /**
   * Runs `work` in a transaction holding the connection's token lock, so one process renews its tokens at
   * a time and the rotated pair is written in the same commit.
   */
  withTokenLock<T>(connectionId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('shopify-token:' || $1, 0))`, [
        connectionId,
      ]);
      return work(tx);
    });
  }

  /** Stores the connection's new sealed tokens inside `tx`. */
  async rotate(tx: EntityManager, connectionId: string, sealed: string): Promise<void> {
    await tx.query(
      'UPDATE source_connections SET credentials_ciphertext = $2, updated_at = now() WHERE id = $1',
      [connectionId, sealed],
    );
  }
}
