import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { type Thresholds, OrderSnapshots } from '../orders/index.js';

@Injectable()
export class CompanySettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly snapshots: OrderSnapshots,
    private readonly activity: ActivityService,
  ) {}

  get(caller: CompanyAuthContext): Promise<Thresholds> {
    return this.snapshots.thresholds(caller.companyId);
  }

  /** Saves the thresholds and recalculates every order of the company in the same transaction. */
  async update(caller: CompanyAuthContext, t: Thresholds): Promise<Thresholds> {
    await this.db.transaction(async (tx) => {
      const before = await this.snapshots.thresholds(caller.companyId, tx);
      await tx.query(
        `INSERT INTO company_settings (company_id, new_order_days, processing_days, pre_transit_days, in_transit_days, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (company_id) DO UPDATE SET new_order_days = $2, processing_days = $3, pre_transit_days = $4, in_transit_days = $5,
           updated_by = $6, updated_at = now()`,
        [
          caller.companyId,
          t.newOrderDays,
          t.processingDays,
          t.preTransitDays,
          t.inTransitDays,
          caller.userId,
        ],
      );
      const recalculated = await this.snapshots.recalculate(caller.companyId, tx);
      await this.activity.record(
        {
          actor: caller,
          companyId: caller.companyId,
          action: 'settings.thresholds_changed',
          details: { before, after: t, recalculated },
        },
        tx,
      );
    });
    return this.get(caller);
  }
}
