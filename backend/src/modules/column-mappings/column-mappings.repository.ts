import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ColumnMapping, DateOrder } from '@portal/shipment-rules';
import { DataSource } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { CompanyDateOrder } from './entities/company-date-order.entity.js';
import { SavedColumnMapping } from './entities/saved-column-mapping.entity.js';

/**
 * The only code that touches `column_mappings` and `company_date_orders`; every statement is scoped to
 * one company.
 */
@Injectable()
export class ColumnMappingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get mappings(): ScopedRepository<SavedColumnMapping> {
    return new ScopedRepository(this.db.getRepository(SavedColumnMapping));
  }

  /** The company's mappings, the most recently used first. */
  list(scope: CompanyScope): Promise<SavedColumnMapping[]> {
    return this.mappings.find(scope, {
      select: {
        id: true,
        fingerprint: true,
        headers: true,
        mapping: true,
        createdAt: true,
        lastUsedAt: true,
      },
      order: { lastUsedAt: 'DESC', id: 'ASC' },
    });
  }

  /** Deletes one mapping of the company; false when it has none with that id. */
  async remove(scope: CompanyScope, id: string): Promise<boolean> {
    return (await this.mappings.delete(scope, { id })) > 0;
  }

  /** Saves the mapping for a header fingerprint; a later choice for the same headers replaces it. */
  async upsert(
    scope: CompanyScope,
    saved: { fingerprint: string; headers: string[]; mapping: ColumnMapping; createdBy: string },
  ): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `INSERT INTO column_mappings (company_id, fingerprint, headers, mapping, created_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, fingerprint)
       DO UPDATE SET mapping = EXCLUDED.mapping, headers = EXCLUDED.headers, last_used_at = now()`,
      [saved.fingerprint, JSON.stringify(saved.headers), JSON.stringify(saved.mapping), saved.createdBy],
    );
  }

  /** The company's mapping for a header fingerprint, if any. */
  findByFingerprint(
    scope: CompanyScope,
    fingerprint: string,
  ): Promise<Pick<SavedColumnMapping, 'id' | 'mapping'> | null> {
    return this.mappings.findOne(scope, { fingerprint }, { select: { id: true, mapping: true } });
  }

  /** Marks a mapping as just used (the list shows the most recent first). */
  async touch(scope: CompanyScope, id: string): Promise<void> {
    await this.mappings.update(scope, { id }, { lastUsedAt: () => 'now()' });
  }

  /** The company's remembered date order, if a file ever settled one. */
  async dateOrder(scope: CompanyScope): Promise<DateOrder | null> {
    const row = await new ScopedRepository(this.db.getRepository(CompanyDateOrder)).findOne(scope, {});
    return row?.dateOrder ?? null;
  }

  /** Remembers the order the company's latest file settled. */
  async saveDateOrder(scope: CompanyScope, order: DateOrder): Promise<void> {
    await scopedQuery(
      this.db,
      scope,
      `INSERT INTO company_date_orders (company_id, date_order) VALUES ($1, $2)
       ON CONFLICT (company_id) DO UPDATE SET date_order = EXCLUDED.date_order, updated_at = now()`,
      [order],
    );
  }
}
