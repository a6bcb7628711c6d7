import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { UserDirectory } from '../users/index.js';
import { ConnectionRecords } from './connection-records.repository.js';
import type { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
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
  constructor(
    /** The table's statements: `company_id = scope` on every read and write by company. */
    private readonly rows: ConnectionRecords,
    private readonly clock: Clock,
    private readonly users: UserDirectory,
    private readonly box: SecretBox,
  ) {}

  /** The company's connection (one at most), whatever its status. */
  find(scope: CompanyScope): Promise<MarketplaceConnection | null> {
    return this.rows.find(scope);
  }

  /** Companies with a working Faire connection (the nightly order sync's list). */
  connectedCompanyIds(): Promise<string[]> {
    return this.rows.connectedCompanyIds();
  }

  /**
   * The currency of the company's connection (whatever its status), or null when it has none: what a
   * shipment not yet sent to Faire is shown in.
   */
  currencyOf(scope: CompanyScope): Promise<string | null> {
    return this.rows.currencyOf(scope);
  }

  /** Every company's connection, flagging a brand that more than one company holds (admin panel). */
  async platformOverview(): Promise<ConnectionOverview[]> {
    const rows = await this.rows.overview();
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
  hasLiveConnection(scope: CompanyScope, userId: string): Promise<boolean> {
    return this.rows.hasLive(scope, userId);
  }

  /**
   * The same question for a person without a company: whether the developer token they gave at sign-in
   * (waiting for the company they will create) is there and not disconnected.
   */
  hasLiveSignInConnection(userId: string): Promise<boolean> {
    return this.rows.hasLiveSignIn(userId);
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
    const { adopted, dropped } = await this.rows.adoptSignIn(scope, userId, tx);
    if (adopted) return 'adopted';
    // A token given at sign-in whose brand another company connected since: not adopted, and said so.
    return dropped ? 'held' : 'none';
  }

  /** Marks the company's connection failed with the reason shown to its people (none: nothing changes). */
  async markCompanyFailed(scope: CompanyScope, reason: string): Promise<void> {
    await this.rows.updateCompany(scope, {
      status: 'FAILED',
      lastError: reason,
      lastCheckedAt: this.clock.now(),
    });
  }

  /**
   * Marks the company's connection `connectionId` refused by Faire, so people see 'Connection Failed'.
   * Only that connection: one the company made since the refused token was read stays as it is.
   */
  async markFailed(scope: CompanyScope, connectionId: string, reason: string): Promise<void> {
    await this.rows.updateCompany(
      scope,
      { status: 'FAILED', lastError: reason, lastCheckedAt: this.clock.now() },
      connectionId,
    );
  }

  /** Whether any company holds a live connection to this brand (a person without a company asks). */
  heldByAnyCompany(brandId: string): Promise<boolean> {
    return this.rows.heldByAnyCompany(brandId);
  }

  /** Another company's live connection to this brand, if any (its id only: never shown to the caller). */
  heldElsewhere(brandId: string, scope: CompanyScope, manager?: EntityManager): Promise<boolean> {
    return this.rows.heldElsewhere(brandId, scope, manager);
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
    await this.rows.replace(manager, scope, {
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

  /**
   * A developer token given by someone without a company yet (it becomes the company's when they create
   * one), replacing any they gave before.
   */
  async savePending(
    userId: string,
    credentials: FaireCredentials,
    profile: FaireBrandProfile,
  ): Promise<void> {
    await this.rows.replaceSignIn(userId, {
      connectedBy: userId,
      sealId: userId,
      tokenCiphertext: this.seal(credentials.token, userId),
      authMode: credentials.mode,
      brandId: profile.brand_id,
      brandName: profile.name,
      currency: normaliseCurrency(profile.currency),
      locale: normaliseLocale(profile.locale),
      scopes: [],
      status: 'CONNECTED',
      lastError: null,
      lastCheckedAt: this.clock.now(),
    });
  }

  /** Faire answered with the brand's profile: the company's connection `id` works, under this name. */
  async markChecked(scope: CompanyScope, id: string, brandName: string): Promise<void> {
    await this.rows.updateCompany(
      scope,
      { status: 'CONNECTED', lastError: null, lastCheckedAt: this.clock.now(), brandName },
      id,
    );
  }

  /** Forgets the company's connection `id`. */
  remove(scope: CompanyScope, id: string): Promise<void> {
    return this.rows.remove(scope, id);
  }

  /** Runs `work` in a transaction holding the brand's lock (one brand, one company). */
  withBrandLock<T>(brandId: string, work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.rows.withBrandLock(brandLockKey(brandId), work);
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

function brandLockKey(brandId: string): string {
  return createHash('sha256').update(`faire-brand|${brandId}`).digest().readBigInt64BE(0).toString();
}
