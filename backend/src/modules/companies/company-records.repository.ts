import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Company } from './entities/company.entity.js';

/**
 * What other modules (and the worker) may ask about the `companies` table. It has no dependency on
 * the auth module, unlike `CompaniesService`, so a module that needs it does not load sign-in.
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
}
