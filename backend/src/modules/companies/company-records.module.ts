import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CompanyMembers } from './company-members.repository.js';
import { CompanyRecords } from './company-records.repository.js';
import { Company } from './entities/company.entity.js';
import { Membership } from './entities/membership.entity.js';

/**
 * The companies and memberships tables for other modules (the worker included): no HTTP flow, no auth
 * import. Creating a company, the screen, lives in the company-setup module, which imports this one.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Company, Membership])],
  providers: [CompanyRecords, CompanyMembers],
  exports: [CompanyRecords, CompanyMembers],
})
export class CompanyRecordsModule {}
