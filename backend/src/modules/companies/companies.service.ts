import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { AuthService, type CurrentUserView } from '../auth/index.js';
import { Company } from './entities/company.entity.js';
import { Membership } from './entities/membership.entity.js';

@Injectable()
export class CompaniesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly auth: AuthService,
    private readonly activity: ActivityService,
  ) {}

  /** Creates a company; the creator becomes its COMPANY_ADMIN. A person belongs to one company. */
  async create(caller: AuthContext, requestedName: string | undefined): Promise<CurrentUserView> {
    if (caller.companyId) throw new AppError('CONFLICT', 'You already belong to a company');
    const name = requestedName?.trim() || `${caller.name}'s Company`;
    try {
      await this.db.transaction(async (tx) => {
        const company = await tx.getRepository(Company).save({ name, createdBy: caller.userId });
        await tx
          .getRepository(Membership)
          .delete({ email: caller.email.toLowerCase(), companyId: company.id });
        await tx.getRepository(Membership).insert({
          companyId: company.id,
          userId: caller.userId,
          email: caller.email.toLowerCase(),
          role: 'COMPANY_ADMIN',
          status: 'ACTIVE',
        });
        await this.activity.record(
          { actor: caller, companyId: company.id, action: 'company.created', target: name },
          tx,
        );
        // A developer token given at sign-in becomes the new company's connection, unless another
        // company already holds that brand (one brand, one company).
        await tx.query(
          `UPDATE marketplace_connections mc SET company_id = $1, user_id = NULL, connected_by = $2, updated_at = now()
            WHERE mc.user_id = $2 AND mc.company_id IS NULL
              AND NOT EXISTS (SELECT 1 FROM marketplace_connections o
                               WHERE o.brand_id = mc.brand_id AND o.company_id IS NOT NULL AND o.status <> 'DISCONNECTED')`,
          [company.id, caller.userId],
        );
        await tx.query('DELETE FROM marketplace_connections WHERE user_id = $1 AND company_id IS NULL', [
          caller.userId,
        ]);
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw new AppError('CONFLICT', 'You already belong to a company');
      }
      throw err;
    }
    return this.auth.currentUser(caller.userId);
  }
}
