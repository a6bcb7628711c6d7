import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACTIVITY_PAGE_SIZE, type ActivityItemView, type ActivityPageView } from './dto/activity.dto.js';

export interface ActivityFilter {
  page?: number;
  limit?: number;
  action?: string;
  companyId?: string;
  from?: string;
  to?: string;
}

interface ActivityRow {
  id: string;
  at: Date;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_is_admin: boolean;
  company_id: string | null;
  company_name: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  total: number;
}

/** Reads the append-only activity log, newest first. */
@Injectable()
export class ActivityLogService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(filter: ActivityFilter): Promise<ActivityPageView> {
    const page = filter.page ?? 1;
    const limit = filter.limit ?? ACTIVITY_PAGE_SIZE;
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (filter.companyId) add('a.company_id = ?', filter.companyId);
    if (filter.action) add('a.action = ?', filter.action);
    if (filter.from) add('a.at >= ?::timestamptz', filter.from);
    if (filter.to) add('a.at < ?::timestamptz', filter.to);
    params.push(limit, (page - 1) * limit);
    const rows: ActivityRow[] = await this.db.query(
      `SELECT a.id, a.at, a.actor_user_id, a.actor_email, a.actor_is_admin, a.company_id,
              c.name AS company_name, a.action, a.target, a.details, count(*) OVER ()::int AS total
         FROM activity a
         LEFT JOIN companies c ON c.id = a.company_id
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY a.at DESC, a.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.count(where, params.slice(0, -2)) : 0);
    return { items: rows.map(toView), total };
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const rows: { n: number }[] = await this.db.query(
      `SELECT count(*)::int AS n FROM activity a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }
}

function toView(r: ActivityRow): ActivityItemView {
  return {
    id: String(r.id),
    timestamp: r.at.toISOString(),
    userId: r.actor_user_id,
    actorEmail: r.actor_email,
    isAdmin: r.actor_is_admin,
    companyId: r.company_id,
    companyName: r.company_name,
    action: r.action,
    target: r.target,
    details: r.details ?? {},
  };
}
