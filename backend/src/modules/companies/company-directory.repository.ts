import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import {
  type ActiveMembership,
  ConnectionMembers,
  type ConnectionMembersSource,
} from '../marketplace/index.js';
import { Company } from './entities/company.entity.js';

/** A company and how many active members it has (the admin panel's Companies screen). */
export interface CompanyListing {
  id: string;
  name: string;
  members: number;
}

/** A user's active membership with its company's name (the admin panel's Users screen). */
export interface MembershipWithCompany {
  companyId: string | null;
  companyName: string | null;
}

/**
 * What other modules may read of `companies` and `memberships`: a company by id, names by id, and
 * the platform-wide reads of the admin panel. It also answers the marketplace module's membership
 * questions (registered with its `ConnectionMembers` port at start: that module cannot import this one).
 */
@Injectable()
export class CompanyDirectory implements ConnectionMembersSource, OnModuleInit {
  constructor(
    @InjectRepository(Company) private readonly companies: Repository<Company>,
    private readonly members: ConnectionMembers,
  ) {}

  onModuleInit(): void {
    this.members.register(this);
  }

  /** The company's id and name, or null when there is no such company. */
  async find(companyId: string): Promise<{ id: string; name: string } | null> {
    const rows: { id: string; name: string }[] = await this.companies.manager.query(
      'SELECT id, name FROM companies WHERE id = $1',
      [companyId],
    );
    return rows[0] ?? null;
  }

  /** Names of the given companies; an id with no company is absent from the map. */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows: { id: string; name: string }[] = await this.companies.manager.query(
      'SELECT id, name FROM companies WHERE id = ANY($1::uuid[])',
      [unique],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Every company with its active member count, by name (admin panel). */
  listWithMemberCounts(): Promise<CompanyListing[]> {
    return this.companies.manager.query(
      `SELECT c.id, c.name, count(m.id) FILTER (WHERE m.status = 'ACTIVE')::int AS members
         FROM companies c
         LEFT JOIN memberships m ON m.company_id = c.id
        GROUP BY c.id
        ORDER BY lower(c.name), c.id`,
    );
  }

  /** Every user's active membership (one at most per user) and its company, by user id (admin panel). */
  async activeMembershipsByUser(): Promise<Map<string, MembershipWithCompany>> {
    const rows: { user_id: string; company_id: string | null; company_name: string | null }[] =
      await this.companies.manager.query(
        `SELECT m.user_id, c.id AS company_id, c.name AS company_name
           FROM memberships m
           LEFT JOIN companies c ON c.id = m.company_id
          WHERE m.status = 'ACTIVE' AND m.user_id IS NOT NULL`,
      );
    return new Map(rows.map((r) => [r.user_id, { companyId: r.company_id, companyName: r.company_name }]));
  }

  async activeMembership(userId: string): Promise<ActiveMembership | null> {
    const rows: { company_id: string; role: string }[] = await this.companies.manager.query(
      `SELECT company_id, role FROM memberships WHERE user_id = $1 AND status = 'ACTIVE' LIMIT 1`,
      [userId],
    );
    const m = rows[0];
    return m ? { companyId: m.company_id, role: m.role } : null;
  }

  async isActiveAdmin(userId: string, companyId: string): Promise<boolean> {
    const rows: unknown[] = await this.companies.manager.query(
      `SELECT 1 FROM memberships
        WHERE user_id = $1 AND company_id = $2 AND status = 'ACTIVE' AND role = 'COMPANY_ADMIN'`,
      [userId, companyId],
    );
    return rows.length > 0;
  }
}
