import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import { CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { Company } from './entities/company.entity.js';

/** A company and how many active members it has (the admin panel's Companies screen). */
export interface CompanyListing {
  id: string;
  name: string;
  members: number;
}

/**
 * What other modules (and the worker) may ask about the `companies` table. It depends on nothing but
 * TypeORM, so a module that needs it does not load sign-in or any HTTP flow.
 */
@Injectable()
export class CompanyRecords {
  constructor(@InjectRepository(Company) private readonly companies: Repository<Company>) {}

  /** Whether the company still exists (a queued job can outlive it). */
  async exists(companyId: string): Promise<boolean> {
    const rows: unknown[] = await this.companies.manager.query(
      'SELECT 1 FROM companies WHERE id = $1::uuid',
      [companyId],
    );
    return rows.length > 0;
  }

  /** The company's name, or null when it is gone; inside `manager`'s transaction if given. */
  async name(scope: CompanyScope, manager?: EntityManager): Promise<string | null> {
    const [name] = (await this.namesByIds([this.idOf(scope)], manager)).values();
    return name ?? null;
  }

  /**
   * The names of the given companies, by id (an id with no company is left out), across companies (the
   * admin panel's activity log); inside `manager`'s transaction if given.
   */
  async namesByIds(ids: readonly string[], manager?: EntityManager): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const repo = manager ? manager.getRepository(Company) : this.companies;
    const rows = await repo.find({ select: { id: true, name: true }, where: { id: In(unique) } });
    return new Map(rows.map((c) => [c.id, c.name]));
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

  /** Locks the company's row until `tx` ends, so its members change one transaction at a time. */
  async lock(scope: CompanyScope, tx: EntityManager): Promise<void> {
    await scopedQuery(tx, scope, 'SELECT id FROM companies WHERE id = $1 FOR UPDATE');
  }

  /** Creates a company inside `tx`; answers the new company's scope. */
  async create(name: string, createdBy: string, tx: EntityManager): Promise<CompanyScope> {
    const company = await tx.getRepository(Company).save({ name, createdBy });
    // The id of the row just written: the new company's own scope.
    return CompanyScope.ofJob(company.id);
  }

  private idOf(scope: CompanyScope): string {
    if (!CompanyScope.is(scope)) throw new TypeError('A company is read with a CompanyScope');
    return scope.companyId;
  }
}
