import { Injectable } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { CompanyMembers } from '../companies/index.js';

/** Each member's opt-out of the daily digest, on their membership. */
@Injectable()
export class DigestPreferences {
  constructor(private readonly members: CompanyMembers) {}

  async get(caller: CompanyAuthContext): Promise<{ dailyDigest: boolean; receives: boolean }> {
    const dailyDigest = await this.members.dailyDigest(CompanyScope.of(caller), caller.userId);
    if (dailyDigest === null) throw new AppError('NOT_FOUND', 'Membership not found');
    return { dailyDigest, receives: dailyDigest && caller.role === 'COMPANY_ADMIN' };
  }

  async set(caller: CompanyAuthContext, on: boolean): Promise<{ dailyDigest: boolean; receives: boolean }> {
    await this.members.setDailyDigest(CompanyScope.of(caller), caller.userId, on);
    return this.get(caller);
  }
}
