import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MarketplaceModule } from '../marketplace/index.js';
import { CompanyDirectory } from './company-directory.repository.js';
import { CompanyRecords } from './company-records.repository.js';
import { Company } from './entities/company.entity.js';

/**
 * The companies table for other modules, without the HTTP flow of `CompaniesModule` (no auth import).
 * It imports the marketplace module only to register the membership answers with its port.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Company]), MarketplaceModule],
  providers: [CompanyRecords, CompanyDirectory],
  exports: [CompanyRecords, CompanyDirectory],
})
export class CompanyRecordsModule {}
