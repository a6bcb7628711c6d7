import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MARKETPLACE_LINKER } from '../auth/marketplace-linker.js';
import { AccountJobPermits } from './account-permits.js';
import { CompanyConnections } from './company-connections.js';
import { ConnectionWriter } from './connection-writer.js';
import { MarketplaceConnection } from './entities/marketplace-connection.entity.js';
import { FaireAppCredentials } from './faire-app-credentials.js';
import { FaireOAuthClient } from './faire-oauth.client.js';
import { FaireClient } from './faire.client.js';
import { MarketplaceController } from './marketplace.controller.js';
import { MarketplaceService } from './marketplace.service.js';
import { MarketplaceRateLimiter } from './rate-limiter.js';
import { TokenRevocations } from './token-revocations.js';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MarketplaceConnection])],
  controllers: [MarketplaceController],
  providers: [
    FaireAppCredentials,
    MarketplaceRateLimiter,
    AccountJobPermits,
    FaireClient,
    FaireOAuthClient,
    CompanyConnections,
    TokenRevocations,
    ConnectionWriter,
    MarketplaceService,
    { provide: MARKETPLACE_LINKER, useExisting: MarketplaceService },
  ],
  exports: [
    AccountJobPermits,
    FaireClient,
    FaireAppCredentials,
    CompanyConnections,
    ConnectionWriter,
    TokenRevocations,
    MarketplaceService,
    MARKETPLACE_LINKER,
  ],
})
export class MarketplaceModule {}
