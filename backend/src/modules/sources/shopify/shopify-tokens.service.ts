import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock.js';
import { SecretBox } from '../../../common/crypto/secret-box.js';
import { SourceConnections } from '../source-connections.repository.js';
import { ShopifyClient } from './shopify.client.js';
import {
  ShopifyConnectionRows,
  type SealedShopifyCredentials as Sealed,
} from './shopify-connections.repository.js';
import { ShopifyError, TokenKeeper, type TokenStore } from './shopify-token-keeper.js';
import type { ShopifyCredentials } from './shopify.types.js';

/**
 * A Shopify connection's tokens in Postgres (decision 0048): sealed like every source's credentials
 * (bound to the company and the connection), renewed under a transaction-scoped advisory lock on the
 * connection, so one process renews at a time and the rotated refresh token is written in the same
 * commit; a crash before that commit loses only the new pair, and the previous refresh token still
 * works until its replacement is used.
 */
@Injectable()
export class ShopifyTokens implements TokenStore {
  readonly keeper: TokenKeeper;

  constructor(
    private readonly rows: ShopifyConnectionRows,
    private readonly connections: SourceConnections,
    client: ShopifyClient,
    clock: Clock,
    private readonly box: SecretBox,
  ) {
    this.keeper = new TokenKeeper(
      this,
      (c) => client.refresh(c, clock.nowMs()),
      () => clock.nowMs(),
    );
  }

  seal(c: { id: string; companyId: string }, creds: ShopifyCredentials): string {
    return this.box.seal(JSON.stringify(creds), `${c.companyId}:${c.id}`);
  }

  open(row: Sealed): ShopifyCredentials {
    const p = JSON.parse(
      this.box.open(row.credentials_ciphertext, `${row.company_id}:${row.id}`),
    ) as Partial<ShopifyCredentials>;
    if (typeof p.accessToken !== 'string' || typeof p.shop !== 'string') {
      throw new ShopifyError('AUTH', 'The stored Shopify access is unreadable; connect the shop again');
    }
    return {
      shop: p.shop,
      accessToken: p.accessToken,
      refreshToken: typeof p.refreshToken === 'string' ? p.refreshToken : null,
      expiresAt: typeof p.expiresAt === 'number' ? p.expiresAt : null,
      refreshTokenExpiresAt: typeof p.refreshTokenExpiresAt === 'number' ? p.refreshTokenExpiresAt : null,
      scope: typeof p.scope === 'string' ? p.scope : '',
    };
  }

  async read(connectionId: string): Promise<ShopifyCredentials> {
    const row = await this.rows.sealed(connectionId);
    if (!row) throw new ShopifyError('AUTH', 'The Shopify connection is gone');
    return this.open(row);
  }

  exclusive(
    connectionId: string,
    renew: (current: ShopifyCredentials) => Promise<ShopifyCredentials | null>,
  ): Promise<ShopifyCredentials> {
    return this.rows.withTokenLock(connectionId, async (tx) => {
      const row = await this.rows.sealed(connectionId, tx);
      if (!row) throw new ShopifyError('AUTH', 'The Shopify connection is gone');
      const current = this.open(row);
      const next = await renew(current);
      if (!next) return current;
      await this.rows.rotate(tx, connectionId, this.seal({ id: row.id, companyId: row.company_id }, next));
      return next;
    });
  }

  async failing(connectionId: string, reason: string): Promise<void> {
    await this.connections.failed(connectionId, reason, true);
  }
}
