import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { CompanyScope } from '../../common/database/company-scope.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { AuthService, type CurrentUserView } from '../auth/index.js';
import { CompanyMembers, CompanyRecords } from '../companies/index.js';
import { BRAND_HELD_MESSAGE, CompanyConnections, ConnectionOrders } from '../marketplace/index.js';

/** A signed-in person without a company creates one and becomes its admin. */
@Injectable()
export class CompanySetupService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly companies: CompanyRecords,
    private readonly members: CompanyMembers,
    private readonly connections: CompanyConnections,
    private readonly orders: ConnectionOrders,
    private readonly auth: AuthService,
    private readonly activity: ActivityService,
  ) {}

  /** Creates a company; the creator becomes its COMPANY_ADMIN. A person belongs to one company. */
  async create(
    caller: AuthContext,
    requestedName: string | undefined,
  ): Promise<CurrentUserView & { message?: string }> {
    if (caller.companyId) throw new AppError('CONFLICT', 'You already belong to a company');
    const name = requestedName?.trim() || `${caller.name}'s Company`;
    let signInConnection = 'none' as 'adopted' | 'held' | 'none';
    let created: CompanyScope | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const scope = await this.companies.create(name, caller.userId, tx);
        created = scope;
        await this.members.addFounder(scope, { userId: caller.userId, email: caller.email }, tx);
        await this.activity.record(
          {
            // The founder is the new company's admin from this transaction on.
            actor: { ...caller, role: 'COMPANY_ADMIN' },
            companyId: scope.companyId,
            action: 'company.created',
            target: name,
          },
          tx,
        );
        // A developer token given at sign-in becomes the new company's connection, unless another
        // company already holds that brand (one brand, one company).
        signInConnection = await this.connections.adoptSignInConnection(scope, caller.userId, tx);
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', 'You already belong to a company');
      }
      throw err;
    }
    // The adopted brand's orders are synced at once, so labels and files find them on the first day.
    if (signInConnection === 'adopted' && created) await this.orders.syncSoon(created);
    const view = await this.auth.currentUser(caller.userId);
    // Said in the OAuth path's words, not left as a company that shows "Not connected" without a reason.
    return signInConnection === 'held' ? { ...view, message: BRAND_HELD_MESSAGE } : view;
  }
}
