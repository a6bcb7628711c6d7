import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { CompanySettings } from './entities/company-settings.entity.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from './late-rules.js';

/**
 * The only code that touches `company_settings` (the late thresholds). Takes the caller's manager, so a
 * save and the recalculation it causes share one transaction.
 */
@Injectable()
export class ThresholdsRepository {
  /** The company's thresholds, or the defaults when it never saved any. */
  async get(scope: CompanyScope, m: EntityManager): Promise<Thresholds> {
    const row = await new ScopedRepository(m.getRepository(CompanySettings)).findOne(
      scope,
      {},
      { select: { newOrderDays: true, processingDays: true, preTransitDays: true, inTransitDays: true } },
    );
    return row
      ? {
          newOrderDays: row.newOrderDays,
          processingDays: row.processingDays,
          preTransitDays: row.preTransitDays,
          inTransitDays: row.inTransitDays,
        }
      : { ...DEFAULT_THRESHOLDS };
  }

  /** Saves the company's thresholds (inserted the first time), naming who changed them. */
  async save(scope: CompanyScope, t: Thresholds, updatedBy: string, m: EntityManager): Promise<void> {
    await scopedQuery(
      m,
      scope,
      `INSERT INTO company_settings (company_id, new_order_days, processing_days, pre_transit_days, in_transit_days, updated_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (company_id) DO UPDATE SET new_order_days = $2, processing_days = $3, pre_transit_days = $4, in_transit_days = $5,
         updated_by = $6, updated_at = now()`,
      [t.newOrderDays, t.processingDays, t.preTransitDays, t.inTransitDays, updatedBy],
    );
  }
}
