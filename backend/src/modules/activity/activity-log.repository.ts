import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
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
  /** The actor's role in the company when recorded; null for entries from before it was kept. */
  actorRole: string | null;
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
  actor_role: string | null;
  company_id: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
  total: number;
}

type Run = (sql: string, params: unknown[]) => Promise<unknown>;

/** An entry as the log stores it (`ActivityService.record` builds it from who did what). */
export type ActivityValues = Pick<
  Activity,
  'actorUserId' | 'actorEmail' | 'actorIsAdmin' | 'companyId' | 'actorRole' | 'action' | 'target' | 'details'
>;

/**
 * The append-only `activity` table: entries appended (inside the caller's transaction when given one)
 * and read newest first (the admin panel's log and a company's own).
 */
@Injectable()
export class ActivityLog {
  constructor(@InjectRepository(Activity) private readonly repo: Repository<Activity>) {}

  async append(values: ActivityValues, manager?: EntityManager): Promise<void> {
    // A JSON column: TypeORM's insert type reads `details` as a nested entity, not as a value.
    await (manager ? manager.getRepository(Activity) : this.repo).insert({
      ...values,
      details: values.details as object,
    });
  }

  /** The platform's log: every entry, platform events included, or one company's when asked. */
  page(q: ActivityQuery): Promise<{ items: ActivityRecord[]; total: number }> {
    const where = q.companyId ? ['a.company_id = $1'] : [];
    const params: unknown[] = q.companyId ? [q.companyId] : [];
    return this.read(q, where, params, 0, (sql, p) => this.repo.manager.query(sql, p));
  }

  /** A company's own log (its admin's team activity): the scope's company is `$1`. */
  companyPage(
    scope: CompanyScope,
    q: Omit<ActivityQuery, 'companyId'>,
  ): Promise<{ items: ActivityRecord[]; total: number }> {
    return this.read(q, ['a.company_id = $1'], [], 1, (sql, p) =>
      scopedQuery(this.repo.manager, scope, sql, p),
    );
  }

  /**
   * One page and its total. `where` and `params` hold the company's filter when there is one; `bound`
   * counts the parameters `run` adds before `params` (the scope's company).
   */
  private async read(
    q: Omit<ActivityQuery, 'companyId'>,
    where: string[],
    params: unknown[],
    bound: number,
    run: Run,
  ): Promise<{ items: ActivityRecord[]; total: number }> {
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${bound + params.length}`));
    };
    if (q.action) add('a.action = ?', q.action);
    if (q.from) add('a.at >= ?::timestamptz', q.from);
    if (q.to) add('a.at < ?::timestamptz', q.to);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const n = bound + params.length;
    const rows = (await run(
      `SELECT a.id, a.at, a.actor_user_id, a.actor_email, a.actor_is_admin, a.actor_role, a.company_id,
              a.action, a.target, a.details, count(*) OVER ()::int AS total
         FROM activity a
        ${filter}
        ORDER BY a.at DESC, a.id DESC
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    )) as ActivityRow[];
    const total = rows[0]?.total ?? (q.page > 1 ? await this.count(filter, params, run) : 0);
    return { items: rows.map(toRecord), total };
  }

  private async count(filter: string, params: unknown[], run: Run): Promise<number> {
    const rows = (await run(`SELECT count(*)::int AS n FROM activity a ${filter}`, params)) as {
      n: number;
    }[];
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
    actorRole: r.actor_role,
    companyId: r.company_id,
    action: r.action,
    target: r.target,
    details: r.details,
  };
}
