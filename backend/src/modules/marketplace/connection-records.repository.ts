import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { returningRows } from '../../common/database/returning-rows.js';
import { MarketplaceConnection } from './entities/marketplace-connection.entity.js';

/** A connection's columns as written (the company's own, or a sign-in token's waiting for a company). */
export type ConnectionValues = Omit<Partial<MarketplaceConnection>, 'companyId' | 'id' | 'createdAt'>;

/** A company's connection as the admin panel's overview reads it. */
export interface OverviewRow {
  company_id: string;
  brand_id: string;
  brand_name: string;
  status: string;
  currency: string;
  connected_by: string | null;
  brand_shared: boolean;
}

/**
 * Every statement on `marketplace_connections`. A company's connection is read and written with its
 * `CompanyScope`; the statements without one are the platform-wide reads (the nightly list, the admin
 * overview, whether any company holds a brand), the sign-in tokens of a person without a company (by
 * user id), and the ones by the connection's id that a worker makes after Faire refused a token.
 */
@Injectable()
export class ConnectionRecords {
  private readonly scoped: ScopedRepository<MarketplaceConnection>;

  constructor(
    @InjectRepository(MarketplaceConnection) private readonly repo: Repository<MarketplaceConnection>,
  ) {
    this.scoped = new ScopedRepository(repo);
  }

  /** The company's connection (one at most), whatever its status. */
  find(scope: CompanyScope): Promise<MarketplaceConnection | null> {
    return this.scoped.findOne(scope, {});
  }

  /** Companies with a working Faire connection. */
  async connectedCompanyIds(): Promise<string[]> {
    const rows = await this.repo.manager.query<{ company_id: string }[]>(
      `SELECT company_id FROM marketplace_connections WHERE company_id IS NOT NULL AND status = 'CONNECTED'`,
    );
    return rows.map((r) => r.company_id);
  }

  /** The currency of the company's connection, whatever its status (null: none). */
  async currencyOf(scope: CompanyScope): Promise<string | null> {
    const rows = await scopedQuery<{ currency: string }[]>(
      this.repo.manager,
      scope,
      'SELECT currency FROM marketplace_connections WHERE company_id = $1',
    );
    return rows[0]?.currency ?? null;
  }

  /** Every company's connection, with whether another company holds a live one to the same brand. */
  overview(): Promise<OverviewRow[]> {
    return this.repo.manager.query(
      `SELECT mc.company_id, mc.brand_id, mc.brand_name, mc.status, mc.currency, mc.connected_by,
              EXISTS (SELECT 1 FROM marketplace_connections o
                       WHERE o.brand_id = mc.brand_id AND o.company_id IS NOT NULL AND o.company_id <> mc.company_id
                         AND o.status <> 'DISCONNECTED') AS brand_shared
         FROM marketplace_connections mc
        WHERE mc.company_id IS NOT NULL`,
    );
  }

  /** Whether the company, or the member's sign-in token waiting for a company, has a live connection. */
  async hasLive(scope: CompanyScope, userId: string): Promise<boolean> {
    const rows = await scopedQuery<{ live: boolean }[]>(
      this.repo.manager,
      scope,
      `SELECT EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE (mc.company_id = $1 OR (mc.company_id IS NULL AND mc.user_id = $2))
                         AND mc.status <> 'DISCONNECTED') AS live`,
      [userId],
    );
    return rows[0]?.live ?? false;
  }

  /** Whether a person without a company has a live sign-in token. */
  async hasLiveSignIn(userId: string): Promise<boolean> {
    const rows = await this.repo.manager.query<{ live: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE mc.company_id IS NULL AND mc.user_id = $1
                         AND mc.status <> 'DISCONNECTED') AS live`,
      [userId],
    );
    return rows[0]?.live ?? false;
  }

  /**
   * In `tx`: the user's sign-in token becomes the company's connection unless another company holds its
   * brand; the user's other sign-in tokens go. Answers whether one was adopted and whether any was left.
   */
  async adoptSignIn(
    scope: CompanyScope,
    userId: string,
    tx: EntityManager,
  ): Promise<{ adopted: boolean; dropped: boolean }> {
    const adopted = await scopedQuery<unknown[]>(
      tx,
      scope,
      `UPDATE marketplace_connections mc SET company_id = $1, user_id = NULL, connected_by = $2, updated_at = now()
        WHERE mc.user_id = $2 AND mc.company_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM marketplace_connections o
                           WHERE o.brand_id = mc.brand_id AND o.company_id IS NOT NULL AND o.status <> 'DISCONNECTED')
        RETURNING mc.id`,
      [userId],
    );
    const left: unknown[] = await tx.query(
      'DELETE FROM marketplace_connections WHERE user_id = $1 AND company_id IS NULL RETURNING id',
      [userId],
    );
    return { adopted: returningRows(adopted).length > 0, dropped: returningRows(left).length > 0 };
  }

  /** Changes the company's connection (none: nothing changes); `id` narrows it to that connection. */
  async updateCompany(scope: CompanyScope, values: ConnectionValues, id?: string): Promise<void> {
    await this.scoped.update(scope, id ? { id } : {}, values);
  }

  /** Whether any company holds a live connection to this brand. */
  async heldByAnyCompany(brandId: string): Promise<boolean> {
    const rows: unknown[] = await this.repo.query(
      `SELECT 1 FROM marketplace_connections
        WHERE brand_id = $1 AND company_id IS NOT NULL AND status <> 'DISCONNECTED' LIMIT 1`,
      [brandId],
    );
    return rows.length > 0;
  }

  /** Whether a company other than the scope's holds a live connection to this brand. */
  async heldElsewhere(brandId: string, scope: CompanyScope, manager?: EntityManager): Promise<boolean> {
    const rows = await scopedQuery<{ id: string }[]>(
      manager ?? this.repo.manager,
      scope,
      `SELECT id FROM marketplace_connections
        WHERE brand_id = $2 AND company_id IS NOT NULL AND company_id <> $1 AND status <> 'DISCONNECTED' LIMIT 1`,
      [brandId],
    );
    return rows.length > 0;
  }

  /** Replaces the company's connection with `values`, inside `manager`'s transaction. */
  async replace(manager: EntityManager, scope: CompanyScope, values: ConnectionValues): Promise<void> {
    await scopedQuery(manager, scope, 'DELETE FROM marketplace_connections WHERE company_id = $1');
    await this.scoped.in(manager).insert(scope, values);
  }

  /** Replaces a person's sign-in token (waiting for the company they will create), in one transaction. */
  async replaceSignIn(userId: string, values: ConnectionValues): Promise<void> {
    await this.repo.manager.transaction(async (tx) => {
      await tx.query('DELETE FROM marketplace_connections WHERE user_id = $1 AND company_id IS NULL', [
        userId,
      ]);
      await tx.getRepository(MarketplaceConnection).insert({ ...values, companyId: null, userId });
    });
  }

  /** Removes the company's connection `id`. */
  async remove(scope: CompanyScope, id: string): Promise<void> {
    await this.scoped.delete(scope, { id });
  }

  /**
   * Runs `work` in a transaction holding the brand's advisory lock, so two admins connecting the same
   * brand at once are serialised (one brand, one company).
   */
  withBrandLock<T>(brandLockKey: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.repo.manager.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [brandLockKey]);
      return work(tx);
    });
  }
}
