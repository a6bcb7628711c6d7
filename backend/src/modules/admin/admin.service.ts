import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyAuthContext } from '../../common/http/auth-context.js';
import { HealthService } from '../health/health.service.js';
import type { TeamMemberView } from '../team/dto/team.dto.js';
import { TeamService } from '../team/team.service.js';
import { UsersService } from '../users/users.service.js';
import type {
  AdminCompanyView,
  AdminInviteDto,
  AdminStatsView,
  AdminUserView,
  SystemStatusView,
} from './dto/admin.dto.js';
import { CapacityService } from './capacity.service.js';
import { MarketplaceCheckService } from './marketplace-check.service.js';

const ACTIVE_WINDOW_MS = 30 * 24 * 3_600_000;
const DATABASE_CHECK_MS = 3_000;

interface UserRow {
  id: string;
  name: string;
  email: string;
  last_sign_in_at: Date | null;
  company_name: string | null;
  has_faire_token: boolean;
}

/** What the platform admin sees and does across companies: users, stats, companies, invitations. */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly team: TeamService,
    private readonly marketplace: MarketplaceCheckService,
    private readonly moduleRef: ModuleRef,
    private readonly clock: Clock,
    private readonly capacity: CapacityService,
  ) {}

  async listUsers(): Promise<AdminUserView[]> {
    const rows: UserRow[] = await this.db.query(
      `SELECT u.id, u.name, u.email, u.last_sign_in_at, c.name AS company_name,
              EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE mc.user_id = u.id AND mc.status <> 'DISCONNECTED') AS has_faire_token
         FROM users u
         LEFT JOIN memberships m ON m.user_id = u.id AND m.status = 'ACTIVE'
         LEFT JOIN companies c ON c.id = m.company_id
        ORDER BY u.created_at ASC, u.id ASC`,
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      hasFaireToken: r.has_faire_token,
      isAdmin: this.users.isPlatformAdmin(r.email),
      companyName: r.company_name,
      lastSignInAt: r.last_sign_in_at ? r.last_sign_in_at.toISOString() : null,
    }));
  }

  /** Counts from the database and the state of each dependency, each from a real check. */
  async stats(): Promise<AdminStatsView> {
    const activeSince = new Date(this.clock.nowMs() - ACTIVE_WINDOW_MS);
    const [counts, system, capacity] = await Promise.all([
      this.db.query<{ total_users: number; active_users: number; total_shipments: number }[]>(
        `SELECT (SELECT count(*)::int FROM users) AS total_users,
                (SELECT count(*)::int FROM users WHERE last_sign_in_at >= $1) AS active_users,
                (SELECT count(*)::int FROM shipments WHERE status = 'SUCCESS') AS total_shipments`,
        [activeSince],
      ),
      this.systemStatus(),
      this.capacity.capacity(),
    ]);
    return {
      totalUsers: counts[0].total_users,
      totalShipments: counts[0].total_shipments,
      activeUsers: counts[0].active_users,
      system,
      capacity,
    };
  }

  async systemStatus(): Promise<SystemStatusView> {
    const [api, database, oauth, queue] = await Promise.all([
      this.marketplace
        .check()
        .then((r) => r.connected)
        .catch(() => false),
      this.databaseUp(),
      this.marketplace.oauthConfigured().catch(() => false),
      this.queueUp(),
    ]);
    return {
      api: api ? 'Connected' : 'Disconnected',
      database: database ? 'Operational' : 'Down',
      oauth: oauth ? 'Active' : 'Not configured',
      queue: queue ? 'Operational' : 'Down',
    };
  }

  async listCompanies(): Promise<AdminCompanyView[]> {
    return this.db.query(
      `SELECT c.id, c.name, count(m.id) FILTER (WHERE m.status = 'ACTIVE')::int AS members
         FROM companies c
         LEFT JOIN memberships m ON m.company_id = c.id
        GROUP BY c.id
        ORDER BY lower(c.name), c.id`,
    );
  }

  /**
   * Invites someone to the chosen company with the team's own invitation logic; the platform admin acts
   * with an admin context of that company (the activity row names them, flagged as platform admin).
   */
  async invite(caller: AuthContext, dto: AdminInviteDto): Promise<TeamMemberView> {
    const rows: { id: string; name: string }[] = await this.db.query(
      'SELECT id, name FROM companies WHERE id = $1',
      [dto.companyId],
    );
    const company = rows[0];
    if (!company) throw new AppError('NOT_FOUND', 'Company not found');
    const acting: CompanyAuthContext = {
      ...caller,
      companyId: company.id,
      companyName: company.name,
      role: 'COMPANY_ADMIN',
      // A platform admin needs no membership of the company; the invitation logic does not use it.
      membershipId: caller.companyId === company.id && caller.membershipId ? caller.membershipId : '',
    };
    return this.team.invite(acting, dto.email, dto.role);
  }

  private async databaseUp(): Promise<boolean> {
    try {
      await withTimeout(this.db.query('SELECT 1'), DATABASE_CHECK_MS);
      return true;
    } catch (err) {
      this.logger.warn(`Database check failed: ${(err as Error).message}`);
      return false;
    }
  }

  /** A job round trip through Redis and a worker (the health check's own probe). */
  private async queueUp(): Promise<boolean> {
    try {
      await this.moduleRef.get(HealthService, { strict: false }).queueRoundTrip();
      return true;
    } catch (err) {
      this.logger.warn(`Queue check failed: ${(err as Error).message}`);
      return false;
    }
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
