import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyAuthContext } from '../../common/http/auth-context.js';
import { HealthService } from '../health/index.js';
import { type TeamMemberView, TeamService } from '../team/index.js';
import { UsersService } from '../users/index.js';
import { ConnectionWriter } from '../marketplace/index.js';
import type {
  AdminCompanyView,
  AdminFaireConnectionView,
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
  company_id: string | null;
  has_faire_token: boolean;
}

interface ConnectionRow {
  company_id: string;
  brand_id: string;
  brand_name: string;
  status: string;
  currency: string;
  connected_by_name: string | null;
  brand_shared: boolean;
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
    private readonly connections: ConnectionWriter,
    private readonly health: HealthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly capacity: CapacityService,
  ) {}

  async listUsers(): Promise<AdminUserView[]> {
    const rows: UserRow[] = await this.db.query(
      `SELECT u.id, u.name, u.email, u.last_sign_in_at, c.name AS company_name, c.id AS company_id,
              EXISTS (SELECT 1 FROM marketplace_connections mc
                       WHERE mc.company_id = m.company_id AND mc.status <> 'DISCONNECTED') AS has_faire_token
         FROM users u
         LEFT JOIN memberships m ON m.user_id = u.id AND m.status = 'ACTIVE'
         LEFT JOIN companies c ON c.id = m.company_id
        ORDER BY u.created_at ASC, u.id ASC`,
    );
    const connections = await this.connectionsByCompany();
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      hasFaireToken: r.has_faire_token,
      isAdmin: this.users.isPlatformAdmin(r.email),
      companyName: r.company_name,
      companyId: r.company_id,
      faireConnection: (r.company_id && connections.get(r.company_id)) || null,
      lastSignInAt: r.last_sign_in_at ? r.last_sign_in_at.toISOString() : null,
    }));
  }

  /** Counts from the database and the state of each dependency, each from a real check. */
  async stats(): Promise<AdminStatsView> {
    const activeSince = new Date(this.clock.nowMs() - ACTIVE_WINDOW_MS);
    const [counts, system, capacity] = await Promise.all([
      this.db.query<[{ total_users: number; active_users: number; total_shipments: number }]>(
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
    const [api, database, oauth, queue, stuckUploads] = await Promise.all([
      this.marketplace
        .check()
        .then((r) => r.connected)
        .catch(() => false),
      this.databaseUp(),
      this.marketplace.oauthConfigured().catch(() => false),
      this.queueUp(),
      this.stuckUploads(),
    ]);
    return {
      api: api ? 'Connected' : 'Disconnected',
      database: database ? 'Operational' : 'Down',
      oauth: oauth ? 'Active' : 'Not configured',
      queue: queue ? 'Operational' : 'Down',
      stuckUploads,
    };
  }

  /**
   * Uploads whose rows are still not all shipments after SHIPMENT_RECOVERY_AFTER_MS: the recovery
   * sweep queues them again (and logs their ids at warn); a number that stays above 0 needs a look.
   */
  private async stuckUploads(): Promise<number> {
    try {
      const [row] = await withTimeout(
        this.db.query<[{ n: number }]>(
          `SELECT count(*)::int AS n FROM uploads
            WHERE materialized_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')`,
          [this.config.shipments.recoveryAfterMs],
        ),
        DATABASE_CHECK_MS,
      );
      return row.n;
    } catch {
      return 0;
    }
  }

  async listCompanies(): Promise<AdminCompanyView[]> {
    const rows: { id: string; name: string; members: number }[] = await this.db.query(
      `SELECT c.id, c.name, count(m.id) FILTER (WHERE m.status = 'ACTIVE')::int AS members
         FROM companies c
         LEFT JOIN memberships m ON m.company_id = c.id
        GROUP BY c.id
        ORDER BY lower(c.name), c.id`,
    );
    const connections = await this.connectionsByCompany();
    return rows.map((r) => ({ ...r, faireConnection: connections.get(r.id) ?? null }));
  }

  /** Each company's Faire connection, flagging a brand that more than one company is connected to. */
  private async connectionsByCompany(): Promise<Map<string, AdminFaireConnectionView>> {
    const rows: ConnectionRow[] = await this.db.query(
      `SELECT mc.company_id, mc.brand_id, mc.brand_name, mc.status, mc.currency, u.name AS connected_by_name,
              EXISTS (SELECT 1 FROM marketplace_connections o
                       WHERE o.brand_id = mc.brand_id AND o.company_id IS NOT NULL AND o.company_id <> mc.company_id
                         AND o.status <> 'DISCONNECTED') AS brand_shared
         FROM marketplace_connections mc LEFT JOIN users u ON u.id = mc.connected_by
        WHERE mc.company_id IS NOT NULL`,
    );
    return new Map(
      rows.map((r) => [
        r.company_id,
        {
          brandId: r.brand_id,
          brandName: r.brand_name,
          status: r.status,
          currency: r.currency,
          connectedByName: r.connected_by_name,
          brandShared: r.brand_shared,
        },
      ]),
    );
  }

  /** Releases a company's Faire connection (e.g. a brand two companies hold): revoked, then forgotten. */
  async releaseConnection(caller: AuthContext, companyId: string): Promise<{ ok: true }> {
    const rows: { id: string }[] = await this.db.query('SELECT id FROM companies WHERE id = $1', [companyId]);
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Company not found');
    await this.connections.remove(companyId, caller);
    return { ok: true };
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
      await this.health.queueRoundTrip();
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
