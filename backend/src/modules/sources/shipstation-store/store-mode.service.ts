import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { ActivityService } from '../../activity/index.js';
import { storeUrl } from '../connection-views.js';
import { SourceConnections } from '../source-connections.repository.js';
import { hashStorePassword, newStoreId, newStorePassword, newStoreUsername } from './store-credentials.js';

/**
 * Store mode on a company's ShipStation connection (decision 0071): turned on (or its credentials made
 * anew) by an admin, who sees the password once; turned off. A new store id each time, so an old URL
 * opens nothing.
 */
@Injectable()
export class StoreMode {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: SourceConnections,
    private readonly activity: ActivityService,
  ) {}

  async turnOn(caller: CompanyAuthContext): Promise<{ url: string; username: string; password: string }> {
    const scope = CompanyScope.of(caller);
    const conn = await this.connections.findByKind(scope, 'SHIPSTATION');
    if (!conn || conn.disconnectedAt) {
      throw new AppError('CONFLICT', 'Connect ShipStation first: store mode is part of its connection.');
    }
    const storeId = newStoreId();
    const username = newStoreUsername();
    const password = newStorePassword();
    await this.connections.setStore(scope, conn.id, {
      storeId,
      username,
      passwordHash: await hashStorePassword(password),
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.changed',
      target: 'ShipStation',
      details: { storeMode: conn.storeId ? 'regenerated' : 'on' },
    });
    return { url: storeUrl(this.config.publicUrl, storeId), username, password };
  }

  async turnOff(caller: CompanyAuthContext): Promise<void> {
    const scope = CompanyScope.of(caller);
    const conn = await this.connections.findByKind(scope, 'SHIPSTATION');
    if (!conn?.storeId) return;
    await this.connections.setStore(scope, conn.id, null);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.changed',
      target: 'ShipStation',
      details: { storeMode: 'off' },
    });
  }
}
