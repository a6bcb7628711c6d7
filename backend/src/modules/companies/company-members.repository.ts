import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Not, type EntityManager, type Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import type { CompanyRole } from '../../common/http/auth-context.js';
import { Membership, type MemberStatus } from './entities/membership.entity.js';

/** A person's active membership, with the company's name (a person belongs to one company). */
export interface ActiveMembership {
  membershipId: string;
  companyId: string;
  companyName: string | null;
  role: CompanyRole;
}

/** One membership of a company: an active member or an invitee (no user yet). */
export interface MemberRecord {
  id: string;
  userId: string | null;
  email: string;
  role: CompanyRole;
  status: MemberStatus;
  createdAt: Date;
}

/** An active membership as `active_membership(uuid)` and this repository read it. */
export interface ActiveMembershipRow {
  membership_id: string;
  user_id: string;
  company_id: string;
  company_name: string | null;
  role: CompanyRole;
}

/**
 * A statement answering active memberships with their company's name (`ActiveMembershipRow`): the one
 * of the user whose id is the SQL expression `userIdSql`, or every user's when it is null. The session
 * lookup reads the same through `active_membership(uuid)`, this module's database function (migration
 * 1764300005200, decision 0052), in its one statement.
 */
function activeMembershipSql(userIdSql: string | null): string {
  return `SELECT m.id AS membership_id, m.user_id, m.company_id, c.name AS company_name, m.role
            FROM memberships m LEFT JOIN companies c ON c.id = m.company_id
           WHERE m.status = 'ACTIVE' AND ${userIdSql === null ? 'm.user_id IS NOT NULL' : `m.user_id = ${userIdSql}`}`;
}

export function activeMembershipOf(r: ActiveMembershipRow): ActiveMembership {
  return {
    membershipId: r.membership_id,
    companyId: r.company_id,
    companyName: r.company_name,
    role: r.role,
  };
}

const MEMBER_FIELDS = {
  id: true,
  userId: true,
  email: true,
  role: true,
  status: true,
  createdAt: true,
} as const;

/**
 * What other modules (and the worker) may ask about the `memberships` table: who belongs to a company,
 * with which role, and the changes the team screen and the company's creation make. Every question
 * about one company's members takes its `CompanyScope`. Depends on nothing but TypeORM.
 */
@Injectable()
export class CompanyMembers {
  private readonly scoped: ScopedRepository<Membership>;

  constructor(@InjectRepository(Membership) private readonly repo: Repository<Membership>) {
    this.scoped = new ScopedRepository(repo);
  }

  /**
   * The user's active membership and its company's name, or null when they belong to none (one at most,
   * by the unique index `memberships_one_active_per_user`). Whether someone is a company's admin is this
   * answer's `companyId` and `role`.
   */
  async activeOf(userId: string): Promise<ActiveMembership | null> {
    const [membership] = (await this.active(userId)).values();
    return membership ?? null;
  }

  /** Every user's active membership with its company's name, by user id (the admin panel's users). */
  activeByUser(): Promise<Map<string, ActiveMembership>> {
    return this.active();
  }

  private async active(userId?: string): Promise<Map<string, ActiveMembership>> {
    const rows: ActiveMembershipRow[] = await this.repo.manager.query(
      activeMembershipSql(userId === undefined ? null : '$1'),
      userId === undefined ? [] : [userId],
    );
    return new Map(rows.map((r) => [r.user_id, activeMembershipOf(r)]));
  }

  /** Companies with at least one active admin who gets the digest (for the daily fan-out). */
  async companiesWithDigestRecipients(): Promise<string[]> {
    const rows: { company_id: string }[] = await this.repo.manager.query(
      `SELECT DISTINCT company_id FROM memberships WHERE role = 'COMPANY_ADMIN' AND status = 'ACTIVE' AND daily_digest`,
    );
    return rows.map((r) => r.company_id);
  }

  /** The emails of the company's active admins who get the digest, in order, inside `tx`. */
  async digestRecipients(scope: CompanyScope, tx: EntityManager): Promise<string[]> {
    const rows = await this.scoped.in(tx).find(scope, {
      select: { email: true },
      where: { role: 'COMPANY_ADMIN', status: 'ACTIVE', dailyDigest: true },
      order: { email: 'ASC' },
    });
    return rows.map((r) => r.email);
  }

  /** The member's digest opt-in, or null when the user is not a member of the company. */
  async dailyDigest(scope: CompanyScope, userId: string): Promise<boolean | null> {
    const row = await this.scoped.findOne(scope, { userId }, { select: { dailyDigest: true } });
    return row ? row.dailyDigest : null;
  }

  async setDailyDigest(scope: CompanyScope, userId: string, on: boolean): Promise<void> {
    await this.scoped.update(scope, { userId }, { dailyDigest: on });
  }

  /** Makes the creator of a new company its active admin, inside the transaction that creates it. */
  async addFounder(scope: CompanyScope, founder: { userId: string; email: string }, tx: EntityManager) {
    const members = this.scoped.in(tx);
    const email = founder.email.toLowerCase();
    await members.delete(scope, { email });
    await members.insert(scope, { userId: founder.userId, email, role: 'COMPANY_ADMIN', status: 'ACTIVE' });
  }

  /** The company's membership for this email, locked until `tx` ends (null when there is none). */
  async lockByEmail(
    scope: CompanyScope,
    email: string,
    tx: EntityManager,
  ): Promise<{ id: string; status: MemberStatus } | null> {
    const rows: { id: string; status: MemberStatus }[] = await scopedQuery(
      tx,
      scope,
      'SELECT id, status FROM memberships WHERE company_id = $1 AND email = $2 FOR UPDATE',
      [email],
    );
    return rows[0] ?? null;
  }

  /** Adds an invitee to the company inside `tx`; answers the membership's id. */
  async invite(
    scope: CompanyScope,
    invitee: { email: string; role: CompanyRole; invitedBy: string },
    tx: EntityManager,
  ): Promise<string> {
    const rows: { id: string }[] = await scopedQuery(
      tx,
      scope,
      `INSERT INTO memberships (company_id, email, role, status, invited_by) VALUES ($1, $2, $3, 'INVITED', $4) RETURNING id`,
      [invitee.email, invitee.role, invitee.invitedBy],
    );
    return rows[0]!.id;
  }

  /** One member of the company, or null; inside `manager`'s transaction if given. */
  find(scope: CompanyScope, memberId: string, manager?: EntityManager): Promise<MemberRecord | null> {
    const repo = manager ? this.scoped.in(manager) : this.scoped;
    return repo.findOne(scope, { id: memberId }, { select: MEMBER_FIELDS });
  }

  /** The company's members: active ones first, then by when they joined or were invited. */
  async list(scope: CompanyScope, manager?: EntityManager): Promise<MemberRecord[]> {
    const rows: {
      id: string;
      user_id: string | null;
      email: string;
      role: CompanyRole;
      status: MemberStatus;
      created_at: Date;
    }[] = await scopedQuery(
      manager ?? this.repo.manager,
      scope,
      `SELECT id, user_id, email, role, status, created_at FROM memberships
        WHERE company_id = $1
        ORDER BY status = 'ACTIVE' DESC, created_at ASC`,
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      email: r.email,
      role: r.role,
      status: r.status,
      createdAt: r.created_at,
    }));
  }

  /** How many active admins the company has besides this member (inside `tx`). */
  countOtherActiveAdmins(scope: CompanyScope, memberId: string, tx: EntityManager): Promise<number> {
    return this.scoped.in(tx).count(scope, { status: 'ACTIVE', role: 'COMPANY_ADMIN', id: Not(memberId) });
  }

  async remove(scope: CompanyScope, memberId: string, tx: EntityManager): Promise<void> {
    await this.scoped.in(tx).delete(scope, { id: memberId });
  }

  async setRole(scope: CompanyScope, memberId: string, role: CompanyRole, tx: EntityManager): Promise<void> {
    await this.scoped.in(tx).update(scope, { id: memberId }, { role });
  }

  /**
   * Makes an invitee an active member for this user (inside `tx`). A user who already has an active
   * membership makes it fail with the unique violation (23505) of "one active membership per user".
   */
  async activate(scope: CompanyScope, memberId: string, userId: string, tx: EntityManager): Promise<void> {
    await this.scoped.in(tx).update(scope, { id: memberId, status: 'INVITED' }, { status: 'ACTIVE', userId });
  }
}
