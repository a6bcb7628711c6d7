import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { SignInLimits } from '../abuse/index.js';
import { ActivityService } from '../activity/index.js';
import { GoogleSignInSettings } from '../app-settings/index.js';
import { MARKETPLACE_LINKER, type MarketplaceLinker } from '../marketplace/index.js';
import { UsersService, type GoogleIdentity } from '../users/index.js';
import { AuthService } from './auth.service.js';
import { GoogleTokenVerifier } from './google-token.verifier.js';
import type { DevLoginDto } from './dto/auth.dto.js';
import type { CurrentUserView } from './dto/current-user.view.js';

/** The sign-in flows; session handling lives in AuthService. */
@Injectable()
export class AuthFlowService {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly activity: ActivityService,
    @Inject(MARKETPLACE_LINKER) private readonly marketplace: MarketplaceLinker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly googleTokens: GoogleTokenVerifier,
    private readonly google: GoogleSignInSettings,
    private readonly limits: SignInLimits,
  ) {}

  publicConfig() {
    return {
      googleEnabled: !!this.google.current,
      devLoginEnabled: this.config.auth.devLogin,
      sandboxMarketplace: this.marketplace.isSandbox(),
    };
  }

  async signInWithGoogle(req: Request, identity: GoogleIdentity): Promise<CurrentUserView> {
    await this.limits.admit(req.ip, identity.email);
    let user;
    try {
      user = await this.users.upsertFromGoogle(identity);
    } catch (err) {
      await this.activity.record({
        action: 'auth.sign_in_failed',
        target: identity.email,
        details: { reason: (err as Error).message },
      });
      throw err;
    }
    const view = await this.auth.startSession(req, user);
    await this.activity.record({
      actor: {
        userId: user.id,
        email: user.email,
        isPlatformAdmin: view.isAdmin,
        role: view.company?.role ?? null,
      },
      companyId: view.company?.id ?? null,
      action: 'auth.signed_in',
      target: 'google',
    });
    return view;
  }

  /** POST /api/auth/google: a Google ID token or access token, proven to be issued to this app. */
  async signInWithGoogleToken(req: Request, token: string): Promise<CurrentUserView> {
    let identity: GoogleIdentity;
    try {
      identity = await this.googleTokens.identify(token);
    } catch (err) {
      if (err instanceof AppError && err.code === 'NOT_AUTHENTICATED') {
        await this.activity.record({
          action: 'auth.sign_in_failed',
          target: 'google-token',
          details: { reason: err.message },
        });
      }
      throw err;
    }
    return this.signInWithGoogle(req, identity);
  }

  async devLogin(req: Request, body: DevLoginDto): Promise<CurrentUserView> {
    if (!this.config.auth.devLogin) throw new AppError('NOT_FOUND', 'Developer sign-in is disabled');
    const email = body.email ?? 'dev@example.com';
    await this.limits.admit(req.ip, email);
    const user = await this.users.upsertDev(email, body.name);
    let message: string | undefined;
    if (body.faireToken) {
      message = await this.marketplace.connectWithAccessToken(
        { userId: user.id, email: user.email, isPlatformAdmin: this.users.isPlatformAdmin(user.email) },
        body.faireToken,
      );
    }
    const view = await this.auth.startSession(req, user);
    await this.activity.record({
      actor: {
        userId: user.id,
        email: user.email,
        isPlatformAdmin: view.isAdmin,
        role: view.company?.role ?? null,
      },
      companyId: view.company?.id ?? null,
      action: 'auth.signed_in',
      target: 'dev-login',
    });
    return message ? { ...view, message } : view;
  }

  me(auth: AuthContext): Promise<CurrentUserView> {
    return this.auth.currentUser(auth.userId, auth);
  }

  async logout(req: Request): Promise<void> {
    const userId = req.session.userId;
    if (!userId) return;
    const ctx = await this.auth.loadContext(userId);
    await this.auth.endSession(req);
    if (ctx) {
      await this.activity.record({ actor: ctx, companyId: ctx.companyId, action: 'auth.signed_out' });
    }
  }
}
