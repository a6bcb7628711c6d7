import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { AppSettingsModule } from '../app-settings/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { UsersModule } from '../users/index.js';
import { AccountJobPermits } from './account-permits.js';
import { CompanyConnections } from './company-connections.js';
import { ConnectionOrders } from './connection-ports.js';
import { ConnectionRecords } from './connection-records.repository.js';
import { ConnectionWriter } from './connection-writer.js';
import { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { FaireClient } from './faire.client.js';
import { MARKETPLACE_LINKER } from './marketplace-linker.js';
import { MarketplaceService } from './marketplace.service.js';
import { MarketplaceRateLimiter } from './rate-limiter.js';
import { TokenRevocations } from './token-revocations.js';
import { RevocationRecords } from './token-revocations.repository.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([MarketplaceConnection]),
    ActivityModule,
    AppSettingsModule,
    CompanyRecordsModule,
    UsersModule,
  ],
  providers: [
    MarketplaceRateLimiter,
    AccountJobPermits,
    FaireClient,
    FaireOAuthClient,
    ConnectionRecords,
    RevocationRecords,
    CompanyConnections,
    ConnectionOrders,
    TokenRevocations,
    ConnectionWriter,
    MarketplaceService,
    { provide: MARKETPLACE_LINKER, useExisting: MarketplaceService },
  ],
  exports: [
    AccountJobPermits,
    FaireClient,
    CompanyConnections,
    ConnectionOrders,
    ConnectionWriter,
    TokenRevocations,
    MarketplaceService,
    MARKETPLACE_LINKER,
  ],
})
export class MarketplaceModule {}
