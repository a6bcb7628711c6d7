import { Injectable } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityLog, type ActivityRecord } from '../activity/index.js';
import { CompanyRecords } from '../companies/index.js';
import { ACTIVITY_PAGE_SIZE, type ActivityItemView, type ActivityPageView } from './dto/activity.dto.js';

export interface ActivityFilter {
  page?: number;
  limit?: number;
  action?: string;
  companyId?: string;
  from?: string;
  to?: string;
}

/**
 * The activity log's pages, newest first, each entry with its company's name: the entries are the
 * activity module's, the names the companies module's.
 */
@Injectable()
export class ActivityLogService {
  constructor(
    private readonly log: ActivityLog,
    private readonly companies: CompanyRecords,
  ) {}

  async list(filter: ActivityFilter): Promise<ActivityPageView> {
    return this.named(
      await this.log.page({
        ...filter,
        page: filter.page ?? 1,
        limit: filter.limit ?? ACTIVITY_PAGE_SIZE,
      }),
    );
  }

  /** The caller's company's own log (the company admin's team activity). */
  async listForCompany(
    caller: CompanyAuthContext,
    filter: Omit<ActivityFilter, 'companyId'>,
  ): Promise<ActivityPageView> {
    return this.named(
      await this.log.companyPage(CompanyScope.of(caller), {
        ...filter,
        page: filter.page ?? 1,
        limit: filter.limit ?? ACTIVITY_PAGE_SIZE,
      }),
    );
  }

  private async named({
    items,
    total,
  }: {
    items: ActivityRecord[];
    total: number;
  }): Promise<ActivityPageView> {
    const names = await this.companies.namesByIds(items.flatMap((a) => (a.companyId ? [a.companyId] : [])));
    return { items: items.map((a) => toView(a, names)), total };
  }
}

function toView(a: ActivityRecord, names: Map<string, string>): ActivityItemView {
  return {
    id: a.id,
    timestamp: a.at.toISOString(),
    userId: a.actorUserId,
    actorEmail: a.actorEmail,
    isAdmin: a.actorIsAdmin,
    actorRole: a.actorRole === 'COMPANY_ADMIN' || a.actorRole === 'COMPANY_USER' ? a.actorRole : null,
    companyId: a.companyId,
    companyName: (a.companyId && names.get(a.companyId)) ?? null,
    action: a.action,
    target: a.target,
    details: a.details ?? {},
  };
}
