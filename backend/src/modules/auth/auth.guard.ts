import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import { IS_PUBLIC, PLATFORM_ADMIN, REQUIRE_COMPANY, ROLES } from '../../common/http/auth.decorators.js';
import { IS_API_KEY_ROUTE, IS_MACHINE_HOOK } from '../../common/http/public.decorator.js';
import type { CompanyRole } from '../../common/http/auth-context.js';
import { AuthService } from './auth.service.js';
import { takeSessionCaller } from './session-caller.store.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * A session's last activity is written at most this often: a write on every request would put a
 * commit (and its WAL flush) in every answer's path. Idle expiry counts from the last write, so it can
 * come up to this much earlier than the limit (decision 0023).
 */
export const SESSION_ACTIVITY_WRITE_MS = 60_000;

/**
 * The one global guard: deny by default. Every state-changing call must carry `X-Requested-With` (a
 * cross-site form cannot send it, and no CORS is allowed). The caller's user, company and role are read
 * fresh from the database on every request (with the session, in the same statement), so a removal or
 * a role change applies on the next request.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const targets = [context.getHandler(), context.getClass()];
    // A webhook (another service, no session) is exempt; it authenticates itself (decision 0036). So is
    // the public API: its own guard authenticates the API key, never a session (decision 0067).
    if (this.reflector.getAllAndOverride<boolean>(IS_MACHINE_HOOK, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(IS_API_KEY_ROUTE, targets)) return true;
    if (!SAFE_METHODS.has(req.method) && !req.get('x-requested-with')) {
      throw new AppError('CSRF_REJECTED');
    }
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;

    const auth = await this.resolve(req);
    if (isPublic) return true;
    if (!auth) throw new AppError('NOT_AUTHENTICATED');

    if (this.reflector.getAllAndOverride<boolean>(PLATFORM_ADMIN, targets) && !auth.isPlatformAdmin) {
      throw new AppError('FORBIDDEN', "You don't have admin privileges to access this page.");
    }
    const roles = this.reflector.getAllAndOverride<CompanyRole[] | undefined>(ROLES, targets);
    const needsCompany = this.reflector.getAllAndOverride<boolean>(REQUIRE_COMPANY, targets) || !!roles;
    if (needsCompany && !auth.companyId) {
      throw new AppError('FORBIDDEN', 'You need to belong to a company to do this');
    }
    if (roles && (!auth.role || !roles.includes(auth.role))) {
      throw new AppError('FORBIDDEN', 'Only a company admin can do this');
    }
    return true;
  }

  /**
   * Loads the caller from the session, enforcing the idle and absolute session limits. Also used by the
   * first-screen data served with the page (FirstScreen), so a page and an API call see the same caller.
   */
  async resolve(req: Request) {
    const session = req.session as Request['session'] | undefined;
    if (!session?.userId) return null;
    const now = this.clock.nowMs();
    const created = session.createdAtMs ?? now;
    const lastSeen = session.lastSeenAtMs ?? now;
    if (
      now - lastSeen > this.config.auth.sessionIdleMs ||
      now - created > this.config.auth.sessionAbsoluteMs
    ) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      return null;
    }
    const auth = await this.auth.loadContext(session.userId, takeSessionCaller(req, session.userId));
    if (!auth) {
      await new Promise<void>((resolve) => session.destroy(() => resolve()));
      return null;
    }
    if (now - lastSeen >= SESSION_ACTIVITY_WRITE_MS || session.lastSeenAtMs === undefined) {
      session.lastSeenAtMs = now;
    }
    req.auth = auth;
    return auth;
  }
}
