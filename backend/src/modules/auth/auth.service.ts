import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { CompanyMembers } from '../companies/index.js';
import { CompanyConnections } from '../marketplace/index.js';
import { type User, UsersService } from '../users/index.js';
import { CurrentUserView } from './dto/current-user.view.js';
import type { SessionCaller } from './session-caller.store.js';

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly members: CompanyMembers,
    private readonly connections: CompanyConnections,
    private readonly clock: Clock,
  ) {}

  /**
   * The caller's identity, company and role, read fresh from the database: the user and their active
   * membership, in parallel (one round trip's wait), unless they were read with the request's session
   * (`withSession`, the same rows read moments before in one statement). Every guarded request pays
   * this, so it asks nothing else; whether the company has a live Faire connection is only read for
   * `/api/auth/me`.
   */
  async loadContext(userId: string, withSession?: SessionCaller): Promise<AuthContext | null> {
    const [user, membership] = withSession
      ? [withSession.user, withSession.membership]
      : await Promise.all([this.users.findById(userId), this.members.activeOf(userId)]);
    if (!user) return null;
    return {
      userId: user.id,
      email: user.email,
      name: user.name,
      isPlatformAdmin: this.users.isPlatformAdmin(user.email),
      companyId: membership?.companyId ?? null,
      companyName: membership?.companyName ?? null,
      role: membership?.role ?? null,
      membershipId: membership?.membershipId ?? null,
    };
  }

  /** The signed-in user as `/api/auth/me` shows them; `loaded` is their context if this request has it. */
  async currentUser(userId: string, loaded?: AuthContext): Promise<CurrentUserView> {
    const ctx = loaded ?? (await this.loadContext(userId));
    if (!ctx) throw new AppError('NOT_AUTHENTICATED');
    const hasFaireToken = ctx.companyId
      ? await this.connections.hasLiveConnection(CompanyScope.of({ companyId: ctx.companyId }), ctx.userId)
      : await this.connections.hasLiveSignInConnection(ctx.userId);
    return CurrentUserView.from({ ...ctx, hasFaireToken });
  }

  /** Starts a fresh session for the user (the session id is rotated, so a planted id is useless). */
  async startSession(req: Request, user: User): Promise<CurrentUserView> {
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((err) => (err ? reject(err as Error) : resolve())),
    );
    const now = this.clock.nowMs();
    req.session.userId = user.id;
    req.session.createdAtMs = now;
    req.session.lastSeenAtMs = now;
    await new Promise<void>((resolve, reject) =>
      req.session.save((err) => (err ? reject(err as Error) : resolve())),
    );
    return this.currentUser(user.id);
  }

  async endSession(req: Request): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      req.session.destroy((err) => (err ? reject(err as Error) : resolve())),
    );
  }
}
