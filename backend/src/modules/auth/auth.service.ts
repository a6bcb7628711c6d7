import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyRole } from '../../common/http/auth-context.js';
import { type User, UsersService } from '../users/index.js';
import { CurrentUserView } from './dto/current-user.view.js';

interface ContextRow {
  id: string;
  email: string;
  name: string;
  membership_id: string | null;
  company_id: string | null;
  company_name: string | null;
  role: CompanyRole | null;
  has_faire_token: boolean;
}

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly clock: Clock,
  ) {}

  /** The caller's identity, company and role, read fresh from the database. */
  async loadContext(userId: string): Promise<(AuthContext & { hasFaireToken: boolean }) | null> {
    const rows: ContextRow[] = await this.db.query(
      `SELECT u.id, u.email, u.name, m.id AS membership_id, m.company_id, c.name AS company_name, m.role,
              EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE (mc.company_id = m.company_id OR (mc.company_id IS NULL AND mc.user_id = u.id))
                         AND mc.status <> 'DISCONNECTED') AS has_faire_token
         FROM users u
         LEFT JOIN memberships m ON m.user_id = u.id AND m.status = 'ACTIVE'
         LEFT JOIN companies c ON c.id = m.company_id
        WHERE u.id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      userId: row.id,
      email: row.email,
      name: row.name,
      isPlatformAdmin: this.users.isPlatformAdmin(row.email),
      companyId: row.company_id,
      companyName: row.company_name,
      role: row.role,
      membershipId: row.membership_id,
      hasFaireToken: row.has_faire_token,
    };
  }

  async currentUser(userId: string): Promise<CurrentUserView> {
    const ctx = await this.loadContext(userId);
    if (!ctx) throw new AppError('NOT_AUTHENTICATED');
    return CurrentUserView.from(ctx);
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
