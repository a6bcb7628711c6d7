import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Activity } from './entities/activity.entity.js';

/** Which entries to read: one page, optionally one company's, one action's, or a time range's. */
export interface ActivityQuery {
  page: number;
  limit: number;
  action?: string;
  companyId?: string;
  from?: string;
  to?: string;
}

/** One entry of the log as stored (the company's name is its owner's to tell). */
export interface ActivityRecord {
  id: string;
  at: Date;
  actorUserId: string | null;
  actorEmail: string | null;
  actorIsAdmin: boolean;
  companyId: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
}

interface ActivityRow {
  id: string;
  at: Date;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_is_admin: boolean;
  company_id: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  total: number;
}

/** Reads the append-only activity log, newest first (the admin panel's log and a company's own). */
@Injectable()
export class ActivityLog {
  constructor(@InjectRepository(Activity) private readonly repo: Repository<Activity>) {}

  async page(q: ActivityQuery): Promise<{ items: ActivityRecord[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (q.companyId) add('a.company_id = ?', q.companyId);
    if (q.action) add('a.action = ?', q.action);
    if (q.from) add('a.at >= ?::timestamptz', q.from);
    if (q.to) add('a.at < ?::timestamptz', q.to);
    params.push(q.limit, (q.page - 1) * q.limit);
    const rows: ActivityRow[] = await this.repo.manager.query(
      `SELECT a.id, a.at, a.actor_user_id, a.actor_email, a.actor_is_admin, a.company_id,
              a.action, a.target, a.details, count(*) OVER ()::int AS total
         FROM activity a
        ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY a.at DESC, a.id DESC
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    const total = rows[0]?.total ?? (q.page > 1 ? await this.count(where, params.slice(0, -2)) : 0);
    return { items: rows.map(toRecord), total };
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const rows: { n: number }[] = await this.repo.manager.query(
      `SELECT count(*)::int AS n FROM activity a ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }
}

function toRecord(r: ActivityRow): ActivityRecord {
  return {
    id: String(r.id),
    at: r.at,
    actorUserId: r.actor_user_id,
    actorEmail: r.actor_email,
    actorIsAdmin: r.actor_is_admin,
    companyId: r.company_id,
    action: r.action,
    target: r.target,
    details: r.details,
  };
}
