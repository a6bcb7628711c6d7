import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/index.js';
import { AuthModule } from '../auth/index.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { CompanySetupService } from './company-setup.service.js';

/**
 * Creating a company (`POST /api/company/create`): an HTTP flow that answers with the caller's new
 * context, so it imports the auth module. Kept apart from the companies module, whose tables the worker
 * reads, so that loading those never loads sign-in.
 */
@Module({
  imports: [CompanyRecordsModule, ActivityModule, MarketplaceModule, AuthModule],
  providers: [CompanySetupService],
  exports: [CompanySetupService],
})
export class CompanySetupModule {}
