import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AbuseModule } from '../abuse/index.js';
import { ActivityModule } from '../activity/index.js';
import { AppSettingsModule } from '../app-settings/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { UsersModule } from '../users/index.js';
import { AuthFlowService } from './auth-flow.service.js';
import { AuthService } from './auth.service.js';
import { GoogleTokenVerifier } from './google-token.verifier.js';
import { GoogleStrategyRefresh } from './google.strategy.js';

/**
 * Sign-in and the caller's context. The guard, the session middleware and the controller are HTTP bits
 * and live in the API root module (ApiModule); this module is what they and other modules use.
 */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    AbuseModule,
    UsersModule,
    CompanyRecordsModule,
    ActivityModule,
    MarketplaceModule,
    AppSettingsModule,
  ],
  providers: [AuthService, AuthFlowService, GoogleStrategyRefresh, GoogleTokenVerifier],
  exports: [AuthService, AuthFlowService],
})
export class AuthModule {}
