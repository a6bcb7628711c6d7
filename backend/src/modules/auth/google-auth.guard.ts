import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import { SignInLimits } from '../abuse/index.js';
import { ActivityService } from '../activity/index.js';
import { GoogleSignInSettings } from '../app-settings/index.js';

/**
 * Runs the Google strategy: on /start it redirects to the provider (scopes openid email profile, offline
 * access, account selection); on /callback it checks the one-time state and exchanges the code.
 */
@Injectable()
export class GoogleAuthGuard extends AuthGuard('google') {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly activity: ActivityService,
    private readonly settings: GoogleSignInSettings,
    private readonly limits: SignInLimits,
  ) {
    super();
  }

  private recordFailure(reason: string): void {
    void this.activity
      .record({ action: 'auth.sign_in_failed', target: 'google', details: { reason } })
      .catch(() => undefined);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    try {
      if (!this.settings.current) throw new AppError('NOT_FOUND', 'Google sign-in is not configured');
      return (await super.canActivate(context)) as boolean;
    } catch (err) {
      // A refused callback counts against the address (decision 0029); the start is not an attempt.
      throw req.method === 'GET' ? err : await this.limits.refusal(req.ip, err);
    }
  }

  override getAuthenticateOptions(context: ExecutionContext) {
    const req = context.switchToHttp().getRequest<Request>();
    const isStart = req.method === 'GET';
    const redirectUri = isStart ? this.redirectUriFor(req) : req.session.googleRedirectUri;
    if (isStart) {
      req.session.googleRedirectUri = redirectUri;
    } else {
      const sent = (req.body as { redirectUri?: unknown } | undefined)?.redirectUri;
      if (!redirectUri || sent !== redirectUri) {
        this.recordFailure('sign-in was not started in this browser');
        throw new AppError(
          'NOT_AUTHENTICATED',
          'Sign in failed: this sign-in was not started in this browser',
        );
      }
    }
    return {
      session: false,
      callbackURL: redirectUri,
      accessType: 'offline',
      prompt: 'select_account',
    };
  }

  override handleRequest<T>(err: unknown, user: T, info: unknown): T {
    if (err || !user) {
      const reason =
        info && typeof info === 'object' && 'message' in info
          ? String(info.message)
          : err instanceof Error
            ? err.message
            : '';
      this.recordFailure(reason || 'refused by the provider');
      throw new AppError('NOT_AUTHENTICATED', reason ? `Sign in failed: ${reason}` : 'Sign in failed');
    }
    return user;
  }

  /** `<origin>/auth/google/callback`: PUBLIC_URL when set, otherwise the origin the browser used. */
  private redirectUriFor(req: Request): string {
    if (this.config.publicUrlExplicit) return `${this.config.publicUrl}/auth/google/callback`;
    return `${req.protocol}://${req.get('host') ?? 'localhost'}/auth/google/callback`;
  }
}
