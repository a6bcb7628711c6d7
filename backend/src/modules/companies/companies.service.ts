import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/activity.service.js';
import { AuthService } from '../auth/auth.service.js';
import type { CurrentUserView } from '../auth/dto/current-user.view.js';
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
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new AppError('CONFLICT', 'You already belong to a company');
      throw err;
    }
    return this.auth.currentUser(caller.userId);
  }
}
