import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';

/** Each member's opt-out of the daily digest, on their membership. */
@Injectable()
export class DigestPreferences {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async get(caller: CompanyAuthContext): Promise<{ dailyDigest: boolean; receives: boolean }> {
    const rows: { daily_digest: boolean }[] = await this.db.query(
      'SELECT daily_digest FROM memberships WHERE company_id = $1 AND user_id = $2',
      [caller.companyId, caller.userId],
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', 'Membership not found');
    return {
      dailyDigest: rows[0].daily_digest,
      receives: rows[0].daily_digest && caller.role === 'COMPANY_ADMIN',
    };
  }

  async set(caller: CompanyAuthContext, on: boolean): Promise<{ dailyDigest: boolean; receives: boolean }> {
    await this.db.query(
      'UPDATE memberships SET daily_digest = $3, updated_at = now() WHERE company_id = $1 AND user_id = $2',
      [caller.companyId, caller.userId, on],
    );
    return this.get(caller);
  }
}
