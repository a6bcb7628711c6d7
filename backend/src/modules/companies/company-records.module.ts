import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MarketplaceModule } from '../marketplace/index.js';
import { CompanyDirectory } from './company-directory.repository.js';
import { CompanyMembers } from './company-members.repository.js';
import { CompanyRecords } from './company-records.repository.js';
import { Company } from './entities/company.entity.js';
import { Membership } from './entities/membership.entity.js';

/**
 * The companies and memberships tables for other modules (the worker included): no HTTP flow, no auth
 * import. Creating a company, the screen, lives in the company-setup module, which imports this one.
 * It imports the marketplace module only to register the membership answers with its port.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Company, Membership]), MarketplaceModule],
  providers: [CompanyRecords, CompanyMembers, CompanyDirectory],
  exports: [CompanyRecords, CompanyMembers, CompanyDirectory],
})
export class CompanyRecordsModule {}
