import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Repository } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/activity.service.js';
import type { MarketplaceLinker } from '../auth/marketplace-linker.js';
import { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { accountKeyForToken, FaireClient, type FaireAccount } from './faire.client.js';
import { FaireError } from './faire.errors.js';
import { FAIRE_SCOPES, type FaireBrandProfile, type FaireCredentials } from './faire.types.js';

const STATE_TTL_MS = 10 * 60_000;

declare module 'express-session' {
  interface SessionData {
    faireOAuth?: { state: string; userId: string; createdAtMs: number; redirectUrl: string };
  }
}

export type ConnectionView =
  | { status: 'NOT_CONNECTED' }
  | {
      status: 'CONNECTED' | 'FAILED';
      brandId: string;
      brandName: string;
      authMode: 'OAUTH' | 'ACCESS_TOKEN';
      connectedAt: string;
      lastError: string | null;
    };

/** Connecting a Faire account, storing its token sealed, and handing out accounts to call Faire with. */
@Injectable()
export class MarketplaceService implements MarketplaceLinker {
  private readonly logger = new Logger('Marketplace');
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(MarketplaceConnection) private readonly connections: Repository<MarketplaceConnection>,
    private readonly faire: FaireClient,
    private readonly oauth: FaireOAuthClient,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  isSandbox(): boolean {
    return this.config.marketplace.sandbox !== null;
  }

  /** Dev sign-in's `faireToken`: a single-brand token, checked against Faire before it is stored. */
  async connectWithAccessToken(
    user: Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'>,
    token: string,
  ): Promise<string> {
    const credentials: FaireCredentials = { mode: 'ACCESS_TOKEN', token: token.trim() };
    const profile = await this.profileFor(credentials);
    await this.store(user, credentials, profile, []);
    return `Connected to Faire as ${profile.name}`;
  }

  /** Starts the OAuth connect flow: a one-time state bound to this browser session, valid 10 minutes. */
  async authorizeUrl(req: Request, caller: AuthContext): Promise<{ authUrl: string }> {
    const state = randomBytes(32).toString('base64url');
    const redirectUrl = `${this.origin(req)}/api/oauth/faire/callback`;
    const authUrl = await this.oauth.authorizeUrl(state, redirectUrl).catch((err: unknown) => {
      throw toAppError(err);
    });
    req.session.faireOAuth = { state, userId: caller.userId, createdAtMs: this.clock.nowMs(), redirectUrl };
    await new Promise<void>((resolve, reject) =>
      req.session.save((e) => (e ? reject(e as Error) : resolve())),
    );
    return { authUrl };
  }

  /**
   * The browser comes back from Faire. The state must be the one this session started (it is consumed
   * first, so a replay fails); a denial or any failure stores nothing. Answers where to send the browser.
   */
  async completeAuthorization(req: Request, query: Record<string, unknown>): Promise<string> {
    const pending = req.session.faireOAuth;
    delete req.session.faireOAuth;
    await new Promise<void>((resolve) => req.session.save(() => resolve()));
    const state = typeof query.state === 'string' ? query.state : '';
    const code =
      typeof query.authorizationCode === 'string'
        ? query.authorizationCode
        : typeof query.authorization_code === 'string'
          ? query.authorization_code
          : '';
    const userId = req.session.userId;
    if (
      !pending ||
      !userId ||
      pending.userId !== userId ||
      !sameString(pending.state, state) ||
      this.clock.nowMs() - pending.createdAtMs > STATE_TTL_MS
    ) {
      return this.result('error', 'This connection link is no longer valid. Please start again.');
    }
    if (!code) return this.result('denied', 'Faire access was not granted.');
    const caller = { userId, email: '', isPlatformAdmin: false };
    try {
      const token = await this.oauth.exchangeCode(code, pending.redirectUrl);
      const credentials: FaireCredentials = { mode: 'OAUTH', token };
      const profile = await this.profileFor(credentials);
      const user = await this.connections.manager.query<{ email: string }[]>(
        'SELECT email FROM users WHERE id = $1',
        [userId],
      );
      await this.store({ ...caller, email: user[0]?.email ?? '' }, credentials, profile, [...FAIRE_SCOPES]);
      return this.result('connected');
    } catch (err) {
      this.logger.warn(`Faire authorization failed: ${(err as Error).message}`);
      return this.result('error', 'Faire did not complete the connection. Please try again.');
    }
  }

  async status(caller: AuthContext): Promise<ConnectionView> {
    const c = await this.connections.findOne({ where: { userId: caller.userId } });
    if (!c || c.status === 'DISCONNECTED') return { status: 'NOT_CONNECTED' };
    return {
      status: c.status,
      brandId: c.brandId,
      brandName: c.brandName,
      authMode: c.authMode,
      connectedAt: c.createdAt.toISOString(),
      lastError: c.lastError,
    };
  }

  /** The caller's brand profile, live from Faire; a refused token marks the connection FAILED. */
  async brandProfile(caller: AuthContext): Promise<{ name: string }> {
    const c = await this.connections.findOne({ where: { userId: caller.userId } });
    if (!c || c.status === 'DISCONNECTED') throw new AppError('MARKETPLACE_NOT_CONNECTED');
    const account = this.accountOf(c);
    try {
      const profile = await this.faire.getBrandProfile(account);
      await this.connections.update(c.id, {
        status: 'CONNECTED',
        lastError: null,
        lastCheckedAt: this.clock.now(),
        brandName: profile.name,
      });
      return { name: profile.name };
    } catch (err) {
      if (err instanceof FaireError && err.kind === 'UNAUTHORIZED') {
        await this.connections.update(c.id, {
          status: 'FAILED',
          lastError: err.message,
          lastCheckedAt: this.clock.now(),
        });
        throw new AppError('MARKETPLACE_REFUSED');
      }
      throw toAppError(err);
    }
  }

  /** Revokes the token at Faire (OAuth tokens) and forgets it. */
  async disconnect(caller: AuthContext): Promise<{ ok: true }> {
    const c = await this.connections.findOne({ where: { userId: caller.userId } });
    if (!c) return { ok: true };
    if (c.authMode === 'OAUTH') {
      try {
        await this.oauth.revoke(this.box.open(c.tokenCiphertext, c.userId));
      } catch (err) {
        this.logger.warn(`Revoking the Faire token failed (${(err as Error).message}); forgetting it anyway`);
      }
    }
    await this.connections.delete({ id: c.id });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'marketplace.disconnected',
      target: c.brandName,
    });
    return { ok: true };
  }

  /** An account to call Faire as for a company: the preferred member's connection, else any member's. */
  async accountForCompany(
    companyId: string,
    preferUserId?: string,
  ): Promise<(FaireAccount & { userId: string; brandId: string }) | null> {
    const rows = await this.connections.manager.query<{ id: string }[]>(
      `SELECT mc.id FROM marketplace_connections mc
         JOIN memberships m ON m.user_id = mc.user_id AND m.status = 'ACTIVE' AND m.company_id = $1
        WHERE mc.status = 'CONNECTED'
        ORDER BY (mc.user_id = $2) DESC, mc.updated_at DESC
        LIMIT 1`,
      [companyId, preferUserId ?? null],
    );
    if (!rows[0]) return null;
    const c = await this.connections.findOneByOrFail({ id: rows[0].id });
    return { ...this.accountOf(c), userId: c.userId, brandId: c.brandId };
  }

  /** Marks a connection refused by Faire, so Settings shows 'Connection Failed'. */
  async markFailed(userId: string, reason: string): Promise<void> {
    await this.connections.update(
      { userId },
      { status: 'FAILED', lastError: reason, lastCheckedAt: this.clock.now() },
    );
  }

  private accountOf(c: MarketplaceConnection): FaireAccount {
    return {
      key: c.brandId,
      credentials: { mode: c.authMode, token: this.box.open(c.tokenCiphertext, c.userId) },
    };
  }

  private async profileFor(credentials: FaireCredentials): Promise<FaireBrandProfile> {
    try {
      return await this.faire.getBrandProfile({ key: accountKeyForToken(credentials.token), credentials });
    } catch (err) {
      if (err instanceof FaireError && err.kind === 'UNAUTHORIZED') {
        throw new AppError('VALIDATION_FAILED', 'Faire refused this token. Check it and try again.');
      }
      throw toAppError(err);
    }
  }

  private async store(
    user: Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'>,
    credentials: FaireCredentials,
    profile: FaireBrandProfile,
    scopes: string[],
  ): Promise<void> {
    const sealed = this.box.seal(credentials.token, user.userId);
    await this.connections.upsert(
      {
        userId: user.userId,
        authMode: credentials.mode,
        brandId: profile.brand_id,
        brandName: profile.name,
        tokenCiphertext: sealed,
        scopes,
        status: 'CONNECTED',
        lastError: null,
        lastCheckedAt: this.clock.now(),
      },
      { conflictPaths: ['userId'] },
    );
    const membership = await this.connections.manager.query<{ company_id: string }[]>(
      `SELECT company_id FROM memberships WHERE user_id = $1 AND status = 'ACTIVE'`,
      [user.userId],
    );
    await this.activity.record({
      actor: user,
      companyId: membership[0]?.company_id ?? null,
      action: 'marketplace.connected',
      target: profile.name,
      details: { brandId: profile.brand_id, mode: credentials.mode },
    });
  }

  private origin(req: Request): string {
    if (this.config.publicUrlExplicit) return this.config.publicUrl;
    return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  }

  private result(outcome: 'connected' | 'denied' | 'error', message?: string): string {
    const params = new URLSearchParams({ faire: outcome });
    if (message) params.set('message', message);
    return `/oauth-setup?${params.toString()}`;
  }
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function toAppError(err: unknown): Error {
  if (!(err instanceof FaireError)) return err as Error;
  switch (err.kind) {
    case 'UNAUTHORIZED':
      return new AppError('MARKETPLACE_REFUSED');
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', err.message);
    case 'WRONG_STATE':
      return new AppError('CONFLICT', err.message);
    case 'RATE_LIMITED':
    case 'UNAVAILABLE':
    case 'UNCERTAIN':
    case 'BAD_RESPONSE':
      return new AppError('MARKETPLACE_UNAVAILABLE');
  }
}
