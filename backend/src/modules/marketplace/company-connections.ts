import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { returningRows } from '../../common/database/returning-rows.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { UserDirectory } from '../users/index.js';
import { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
import type { FaireAccount } from './faire.client.js';
import type { FaireBrandProfile, FaireCredentials } from './faire.types.js';

/** The account a company's work is done with: the brand is the exactly-once key, not the company. */
export interface CompanyAccount extends FaireAccount {
  connectionId: string;
  brandId: string;
  brandName: string;
  currency: string;
}

export type ConnectionView =
  | { status: 'NO_COMPANY' }
  | { status: 'NOT_CONNECTED'; canManage: boolean }
  | {
      status: 'CONNECTED' | 'FAILED';
      canManage: boolean;
      brandId: string;
      brandName: string;
      currency: string;
      authMode: 'OAUTH' | 'ACCESS_TOKEN';
      connectedAt: string;
      connectedByName: string | null;
      lastError: string | null;
    };

/** A company's connection as the admin panel lists it (every company, no token). */
export interface ConnectionOverview {
  companyId: string;
  brandId: string;
  brandName: string;
  status: string;
  currency: string;
  connectedBy: string | null;
  /** Another company holds a live connection to the same brand. */
  brandShared: boolean;
}

/** Reads and writes the one Faire connection of each company (tokens sealed at rest). */
@Injectable()
export class CompanyConnections {
  private readonly box: SecretBox;
  /** The company's connection: `company_id = scope` on every read and write by company. */
  private readonly scoped: ScopedRepository<MarketplaceConnection>;

  constructor(
    @InjectRepository(MarketplaceConnection) readonly repo: Repository<MarketplaceConnection>,
    private readonly clock: Clock,
    private readonly users: UserDirectory,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.encryptionKey);
    this.scoped = new ScopedRepository(repo);
  }

  /** The company's connection (one at most), whatever its status. */
  find(scope: CompanyScope): Promise<MarketplaceConnection | null> {
    return this.scoped.findOne(scope, {});
  }

  /** Companies with a working Faire connection (the nightly order sync's list). */
  async connectedCompanyIds(): Promise<string[]> {
    const rows = await this.repo.manager.query<{ company_id: string }[]>(
      `SELECT company_id FROM marketplace_connections WHERE company_id IS NOT NULL AND status = 'CONNECTED'`,
    );
    return rows.map((r) => r.company_id);
  }

  /**
   * The currency of the company's connection (whatever its status), or null when it has none: what a
   * shipment not yet sent to Faire is shown in.
   */
  async currencyOf(scope: CompanyScope): Promise<string | null> {
    const rows = await scopedQuery<{ currency: string }[]>(
      this.repo.manager,
      scope,
      'SELECT currency FROM marketplace_connections WHERE company_id = $1',
    );
    return rows[0]?.currency ?? null;
  }

  /** Every company's connection, flagging a brand that more than one company holds (admin panel). */
  async platformOverview(): Promise<ConnectionOverview[]> {
    const rows: {
      company_id: string;
      brand_id: string;
      brand_name: string;
      status: string;
      currency: string;
      connected_by: string | null;
      brand_shared: boolean;
    }[] = await this.repo.manager.query(
      `SELECT mc.company_id, mc.brand_id, mc.brand_name, mc.status, mc.currency, mc.connected_by,
              EXISTS (SELECT 1 FROM marketplace_connections o
                       WHERE o.brand_id = mc.brand_id AND o.company_id IS NOT NULL AND o.company_id <> mc.company_id
                         AND o.status <> 'DISCONNECTED') AS brand_shared
         FROM marketplace_connections mc
        WHERE mc.company_id IS NOT NULL`,
    );
    return rows.map((r) => ({
      companyId: r.company_id,
      brandId: r.brand_id,
      brandName: r.brand_name,
      status: r.status,
      currency: r.currency,
      connectedBy: r.connected_by,
      brandShared: r.brand_shared,
    }));
  }

  /** The company's connected account, or null when it has none (or Faire refused it). */
  async accountFor(scope: CompanyScope): Promise<CompanyAccount | null> {
    const c = await this.find(scope);
    if (!c || c.status !== 'CONNECTED') return null;
    return this.accountOf(c);
  }

  accountOf(c: MarketplaceConnection): CompanyAccount {
    return {
      key: c.brandId,
      credentials: { mode: c.authMode, token: this.open(c) },
      connectionId: c.id,
      brandId: c.brandId,
      brandName: c.brandName,
      currency: c.currency,
    };
  }

  open(c: Pick<MarketplaceConnection, 'tokenCiphertext' | 'sealId'>): string {
    return this.box.open(c.tokenCiphertext, c.sealId);
  }

  seal(token: string, sealId: string): string {
    return this.box.seal(token, sealId);
  }

  /**
   * Whether a member of the company has a Faire connection that is not disconnected: the company's, or a
   * developer token they gave at sign-in that is still waiting for a company.
   */
  async hasLiveConnection(scope: CompanyScope, userId: string): Promise<boolean> {
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

  /**
   * The same question for a person without a company: whether the developer token they gave at sign-in
   * (waiting for the company they will create) is there and not disconnected.
   */
  async hasLiveSignInConnection(userId: string): Promise<boolean> {
    const rows = await this.repo.manager.query<{ live: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE mc.company_id IS NULL AND mc.user_id = $1
                         AND mc.status <> 'DISCONNECTED') AS live`,
      [userId],
    );
    return rows[0]?.live ?? false;
  }

  /**
   * Inside the transaction that creates a company: a developer token its creator gave at sign-in becomes
   * the new company's connection, unless another company already holds that brand (one brand, one
   * company); the creator's other sign-in connections go.
   */
  async adoptSignInConnection(
    scope: CompanyScope,
    userId: string,
    tx: EntityManager,
  ): Promise<'adopted' | 'held' | 'none'> {
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
    if (returningRows(adopted).length) return 'adopted';
    // A token given at sign-in whose brand another company connected since: not adopted, and said so.
    return returningRows(left).length ? 'held' : 'none';
  }

  /** Marks the company's connection failed with the reason shown to its people (none: nothing changes). */
  async markCompanyFailed(scope: CompanyScope, reason: string): Promise<void> {
    await this.scoped.update(
      scope,
      {},
      { status: 'FAILED', lastError: reason, lastCheckedAt: this.clock.now() },
    );
  }

  /** Marks a connection refused by Faire, so people see 'Connection Failed'. */
  async markFailed(connectionId: string, reason: string): Promise<void> {
    await this.repo.update(
      { id: connectionId },
      { status: 'FAILED', lastError: reason, lastCheckedAt: this.clock.now() },
    );
  }

  /** Whether any company holds a live connection to this brand (a person without a company asks). */
  async heldByAnyCompany(brandId: string): Promise<boolean> {
    const rows: unknown[] = await this.repo.query(
      `SELECT 1 FROM marketplace_connections
        WHERE brand_id = $1 AND company_id IS NOT NULL AND status <> 'DISCONNECTED' LIMIT 1`,
      [brandId],
    );
    return rows.length > 0;
  }

  /** Another company's live connection to this brand, if any (its id only: never shown to the caller). */
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

  /** Sets the company's connection (replacing any previous one) inside `manager`'s transaction. */
  async save(
    manager: EntityManager,
    scope: CompanyScope,
    connectedBy: string,
    credentials: FaireCredentials,
    profile: FaireBrandProfile,
    scopes: string[],
  ): Promise<void> {
    const companyId = scope.companyId;
    await scopedQuery(manager, scope, 'DELETE FROM marketplace_connections WHERE company_id = $1');
    await this.scoped.in(manager).insert(scope, {
      userId: null,
      connectedBy,
      sealId: companyId,
      tokenCiphertext: this.seal(credentials.token, companyId),
      authMode: credentials.mode,
      brandId: profile.brand_id,
      brandName: profile.name,
      currency: normaliseCurrency(profile.currency),
      locale: normaliseLocale(profile.locale),
      scopes,
      status: 'CONNECTED',
      lastError: null,
      lastCheckedAt: this.clock.now(),
    });
  }

  async view(caller: AuthContext): Promise<ConnectionView> {
    if (!caller.companyId) return { status: 'NO_COMPANY' };
    const canManage = caller.role === 'COMPANY_ADMIN';
    const c = await this.find(CompanyScope.of({ companyId: caller.companyId }));
    if (!c || c.status === 'DISCONNECTED') return { status: 'NOT_CONNECTED', canManage };
    const connectedBy = c.connectedBy ? await this.users.nameOf(c.connectedBy) : null;
    return {
      status: c.status,
      canManage,
      brandId: c.brandId,
      brandName: c.brandName,
      currency: c.currency,
      authMode: c.authMode,
      connectedAt: c.createdAt.toISOString(),
      connectedByName: connectedBy?.name ?? null,
      lastError: c.lastError,
    };
  }
}

/** An ISO-4217 code from a brand profile; USD when Faire sends nothing usable. */
export function normaliseCurrency(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : 'USD';
}

/** A BCP 47 locale as Faire writes it ('en-GB'), or null for anything else. */
export function normaliseLocale(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const locale = value.trim().replace(/_/g, '-');
  return /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/.test(locale) ? locale : null;
}
