import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext, CompanyAuthContext } from '../../common/http/auth-context.js';
import { CompanyMembers, CompanyRecords } from '../companies/index.js';
import { HealthService } from '../health/index.js';
import { ReceiverBeacon } from '../inbound/index.js';
import { CompanyConnections, ConnectionWriter } from '../marketplace/index.js';
import { ShipmentPlatformStats } from '../shipments/index.js';
import { type TeamMemberView, TeamService } from '../team/index.js';
import { UserDirectory, UsersService } from '../users/index.js';
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

/** What the platform admin sees and does across companies: users, stats, companies, invitations. */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly users: UsersService,
    private readonly userDirectory: UserDirectory,
    private readonly companies: CompanyRecords,
    private readonly members: CompanyMembers,
    private readonly shipments: ShipmentPlatformStats,
    private readonly team: TeamService,
    private readonly marketplace: MarketplaceCheckService,
    private readonly connections: CompanyConnections,
    private readonly writer: ConnectionWriter,
    private readonly health: HealthService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly capacity: CapacityService,
    private readonly receivers: ReceiverBeacon,
  ) {}

  /** Every user, oldest first, with their company and its Faire connection (composed from each owner). */
  async listUsers(): Promise<AdminUserView[]> {
    const [users, memberships, connections] = await Promise.all([
      this.userDirectory.listAll(),
      this.members.activeByUser(),
      this.connectionsByCompany(),
    ]);
    return users.map((u) => {
      const m = memberships.get(u.id);
      const companyId = m?.companyId ?? null;
      const connection = (companyId && connections.get(companyId)) || null;
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        hasFaireToken: !!connection && connection.status !== 'DISCONNECTED',
        isAdmin: this.users.isPlatformAdmin(u.email),
        companyName: m?.companyName ?? null,
        companyId,
        faireConnection: connection,
        lastSignInAt: u.lastSignInAt ? u.lastSignInAt.toISOString() : null,
      };
    });
  }

  /** Counts from the database and the state of each dependency, each from a real check. */
  async stats(): Promise<AdminStatsView> {
    const activeSince = new Date(this.clock.nowMs() - ACTIVE_WINDOW_MS);
    const [users, totalShipments, system, capacity] = await Promise.all([
      this.userDirectory.counts(activeSince),
      this.shipments.successfulShipments(),
      this.systemStatus(),
      this.capacity.capacity(),
    ]);
    return {
      totalUsers: users.total,
      totalShipments,
      activeUsers: users.active,
      system,
      capacity,
    };
  }

  async systemStatus(): Promise<SystemStatusView> {
    const [api, database, oauth, queue, stuckUploads, receivers] = await Promise.all([
      this.marketplace
        .check()
        .then((r) => r.connected)
        .catch(() => false),
      this.databaseUp(),
      this.marketplace.oauthConfigured().catch(() => false),
      this.queueUp(),
      this.stuckUploads(),
      withTimeout(this.receivers.listening(), DATABASE_CHECK_MS).catch(() => null),
    ]);
    return {
      api: api ? 'Connected' : 'Disconnected',
      database: database ? 'Operational' : 'Down',
      oauth: oauth ? 'Active' : 'Not configured',
      queue: queue ? 'Operational' : 'Down',
      stuckUploads,
      mailIn: receivers?.mail ? 'Listening' : 'Down',
      sftpDrop: receivers?.sftp ? 'Listening' : 'Down',
    };
  }

  /**
   * Uploads whose rows are still not all shipments after SHIPMENT_RECOVERY_AFTER_MS: the recovery
   * sweep queues them again (and logs their ids at warn); a number that stays above 0 needs a look.
   */
  private async stuckUploads(): Promise<number> {
    try {
      return await withTimeout(
        this.shipments.stuckUploads(this.config.shipments.recoveryAfterMs),
        DATABASE_CHECK_MS,
      );
    } catch {
      return 0;
    }
  }

  async listCompanies(): Promise<AdminCompanyView[]> {
    const [rows, connections] = await Promise.all([
      this.companies.listWithMemberCounts(),
      this.connectionsByCompany(),
    ]);
    return rows.map((r) => ({ ...r, faireConnection: connections.get(r.id) ?? null }));
  }

  /**
   * Each company's Faire connection, flagging a brand that more than one company is connected to, with
   * the name of who connected it (the connections are the marketplace module's, the names the users').
   */
  private async connectionsByCompany(): Promise<Map<string, AdminFaireConnectionView>> {
    const rows = await this.connections.platformOverview();
    const names = await this.userDirectory.namesByIds(
      rows.flatMap((r) => (r.connectedBy ? [r.connectedBy] : [])),
    );
    return new Map(
      rows.map((r) => [
        r.companyId,
        {
          brandId: r.brandId,
          brandName: r.brandName,
          status: r.status,
          currency: r.currency,
          connectedByName: (r.connectedBy && names.get(r.connectedBy)?.name) ?? null,
          brandShared: r.brandShared,
        },
      ]),
    );
  }

  /** Releases a company's Faire connection (e.g. a brand two companies hold): revoked, then forgotten. */
  async releaseConnection(caller: AuthContext, companyId: string): Promise<{ ok: true }> {
    if (!(await this.companies.exists(companyId))) throw new AppError('NOT_FOUND', 'Company not found');
    // The platform admin acts for the company the route names (checked to exist), as the invitation does.
    await this.writer.remove(CompanyScope.of({ companyId }), caller);
    return { ok: true };
  }

  /**
   * Invites someone to the chosen company with the team's own invitation logic; the platform admin acts
   * with an admin context of that company (the activity row names them, flagged as platform admin).
   */
  async invite(caller: AuthContext, dto: AdminInviteDto): Promise<TeamMemberView> {
    // The company's id as stored (the map's one key), not as typed.
    const [company] = await this.companies.namesByIds([dto.companyId]);
    if (!company) throw new AppError('NOT_FOUND', 'Company not found');
    const [companyId, companyName] = company;
    const acting: CompanyAuthContext = {
      ...caller,
      companyId,
      companyName,
      role: 'COMPANY_ADMIN',
      // A platform admin needs no membership of the company; the invitation logic does not use it.
      membershipId: caller.companyId === companyId && caller.membershipId ? caller.membershipId : '',
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
