import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { type Thresholds, OrderSnapshots } from '../orders/index.js';

/**
 * The late thresholds screen. The thresholds live with the orders whose verdicts they decide (the orders
 * module owns `company_settings`, decision 0024); this module reads and saves them through
 * `OrderSnapshots` and records the change.
 */
@Injectable()
export class CompanySettingsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly snapshots: OrderSnapshots,
    private readonly activity: ActivityService,
  ) {}

  get(caller: CompanyAuthContext): Promise<Thresholds> {
    return this.snapshots.thresholds(CompanyScope.of(caller));
  }

  /** Saves the thresholds and recalculates every order of the company in the same transaction. */
  async update(caller: CompanyAuthContext, t: Thresholds): Promise<Thresholds> {
    const scope = CompanyScope.of(caller);
    await this.db.transaction(async (tx) => {
      const before = await this.snapshots.thresholds(scope, tx);
      await this.snapshots.saveThresholds(scope, t, caller.userId, tx);
      const recalculated = await this.snapshots.recalculate(scope, tx);
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
