import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Request } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { CompanyMembers } from '../companies/index.js';
import { UserDirectory } from '../users/index.js';
import type { MarketplaceLinker } from './marketplace-linker.js';
import { CompanyConnections, type ConnectionView } from './company-connections.js';
import { ConnectionWriter, BRAND_HELD_MESSAGE } from './connection-writer.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { accountKeyForToken, FaireClient } from './faire.client.js';
import { FaireError } from './faire.errors.js';
import { FAIRE_SCOPES, type FaireBrandProfile, type FaireCredentials } from './faire.types.js';

const STATE_TTL_MS = 10 * 60_000;

export type ConnectIntent = 'connect' | 'reconnect' | 'change';

declare module 'express-session' {
  interface SessionData {
    faireOAuth?: {
      state: string;
      userId: string;
      companyId: string;
      intent: ConnectIntent;
      createdAtMs: number;
      redirectUrl: string;
    };
  }
}

export type { ConnectionView };

/**
 * Connecting a company to its Faire brand. Only a company admin connects, reconnects, changes the brand
 * or disconnects; members read the connection. The token is stored sealed on the company.
 */
@Injectable()
export class MarketplaceService implements MarketplaceLinker {
  private readonly logger = new Logger('Marketplace');

  constructor(
    private readonly connections: CompanyConnections,
    private readonly writer: ConnectionWriter,
    private readonly faire: FaireClient,
    private readonly oauth: FaireOAuthClient,
    private readonly activity: ActivityService,
    private readonly members: CompanyMembers,
    private readonly users: UserDirectory,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  isSandbox(): boolean {
    return this.config.marketplace.sandbox !== null;
  }

  /**
   * Dev sign-in's `faireToken` (developer sign-in only): a single-brand token, checked against Faire. It
   * sets the company's connection when the person is its admin, and waits for the company of a person
   * who has none yet (it becomes that company's connection when they create it). Members cannot.
   */
  async connectWithAccessToken(
    user: Pick<AuthContext, 'userId' | 'email' | 'isPlatformAdmin'>,
    token: string,
  ): Promise<string> {
    const credentials: FaireCredentials = { mode: 'ACCESS_TOKEN', token: token.trim() };
    const m = await this.members.activeOf(user.userId);
    if (m && m.role !== 'COMPANY_ADMIN') throw new AppError('FORBIDDEN', ADMIN_ONLY);
    const profile = await this.profileFor(credentials);
    if (!m) {
      // Another company holds this brand: said now, in the OAuth path's words, not found out later as a
      // company that shows "Not connected" (one brand, one company).
      if (await this.connections.heldByAnyCompany(profile.brand_id)) {
        throw new AppError('CONFLICT', BRAND_HELD_MESSAGE);
      }
      await this.writer.savePending(user.userId, credentials, profile);
      return `Connected to Faire as ${profile.name}`;
    }
    const outcome = await this.writer.replace(
      { ...user, role: m.role, companyId: m.companyId },
      credentials,
      profile,
      [],
      'change',
    );
    if (outcome !== 'ok') throw new AppError('CONFLICT', outcome.message);
    return `Connected to Faire as ${profile.name}`;
  }

  /** Starts the OAuth connect flow (company admins only): a one-time state bound to this session. */
  async authorizeUrl(req: Request, caller: AuthContext, intent: ConnectIntent): Promise<{ authUrl: string }> {
    if (!caller.companyId) {
      throw new AppError('FORBIDDEN', 'You need to belong to a company to connect Faire');
    }
    if (caller.role !== 'COMPANY_ADMIN') throw new AppError('FORBIDDEN', ADMIN_ONLY);
    const state = randomBytes(32).toString('base64url');
    const redirectUrl = `${this.origin(req)}/api/oauth/faire/callback`;
    const authUrl = await this.oauth.authorizeUrl(state, redirectUrl).catch((err: unknown) => {
      throw toAppError(err);
    });
    req.session.faireOAuth = {
      state,
      userId: caller.userId,
      companyId: caller.companyId,
      intent,
      createdAtMs: this.clock.nowMs(),
      redirectUrl,
    };
    await new Promise<void>((resolve, reject) =>
      req.session.save((e) => (e ? reject(e as Error) : resolve())),
    );
    return { authUrl };
  }

  /**
   * The browser comes back from Faire. The state must be the one this session started (consumed first, so
   * a replay fails) by someone who is still the company's admin. Faire keeps one live token per app and
   * brand, so the company's current token is revoked first, then the code is exchanged.
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
    const m = await this.members.activeOf(userId);
    const admin =
      m?.companyId === pending.companyId && m.role === 'COMPANY_ADMIN'
        ? await this.users.nameOf(userId)
        : null;
    if (!admin) return this.result('error', ADMIN_ONLY);
    const actor = {
      userId,
      email: admin.email,
      isPlatformAdmin: false,
      role: 'COMPANY_ADMIN' as const,
      companyId: pending.companyId,
    };
    // The company the flow was started for, whose admin the caller still is (checked just above).
    const scope = CompanyScope.of(actor);
    try {
      const revoked = await this.writer.revokeCurrent(scope);
      if (!revoked) {
        return this.result(
          'error',
          'Faire did not answer, so your connection was left as it was. Please try again.',
        );
      }
      let token: string;
      try {
        token = await this.oauth.exchangeCode(code, pending.redirectUrl);
      } catch (err) {
        if (err instanceof FaireError && /already installed/i.test(err.message)) {
          await this.writer.failCurrent(scope, BRAND_HELD_MESSAGE);
          return this.result('error', BRAND_HELD_MESSAGE);
        }
        throw err;
      }
      const credentials: FaireCredentials = { mode: 'OAUTH', token };
      const profile = await this.profileFor(credentials);
      const outcome = await this.writer.replace(
        actor,
        credentials,
        profile,
        [...FAIRE_SCOPES],
        pending.intent,
      );
      if (outcome !== 'ok') return this.result('error', outcome.message);
      return this.result('connected');
    } catch (err) {
      this.logger.warn(`Faire authorization failed: ${(err as Error).message}`);
      await this.writer.failCurrent(scope, 'The connection to Faire was not completed. Reconnect to finish.');
      return this.result('error', 'Faire did not complete the connection. Please try again.');
    }
  }

  status(caller: AuthContext): Promise<ConnectionView> {
    return this.connections.view(caller);
  }

  /** The company's brand profile, live from Faire; a refused token marks the connection FAILED. */
  async brandProfile(caller: AuthContext): Promise<{ name: string }> {
    const scope = caller.companyId ? CompanyScope.of({ companyId: caller.companyId }) : null;
    const c = scope ? await this.connections.find(scope) : null;
    if (!c || c.status === 'DISCONNECTED') throw new AppError('MARKETPLACE_NOT_CONNECTED');
    try {
      const profile = await this.faire.getBrandProfile(this.connections.accountOf(c));
      await this.connections.markChecked(scope!, c.id, profile.name);
      return { name: profile.name };
    } catch (err) {
      if (err instanceof FaireError && err.kind === 'UNAUTHORIZED') {
        await this.connections.markFailed(scope!, c.id, err.message);
        throw new AppError('MARKETPLACE_REFUSED');
      }
      throw toAppError(err);
    }
  }

  /** Revokes the company's token at Faire (queued for later if Faire does not answer) and forgets it. */
  async disconnect(caller: AuthContext): Promise<{ ok: true }> {
    if (!caller.companyId) throw new AppError('FORBIDDEN', 'You need to belong to a company to do this');
    if (caller.role !== 'COMPANY_ADMIN') throw new AppError('FORBIDDEN', ADMIN_ONLY);
    await this.writer.remove(CompanyScope.of({ companyId: caller.companyId }), caller);
    return { ok: true };
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

export const ADMIN_ONLY = 'Only a company admin can connect or change the Faire account.';

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
    case 'BLOCKED':
      return new AppError('MARKETPLACE_UNAVAILABLE');
  }
}
