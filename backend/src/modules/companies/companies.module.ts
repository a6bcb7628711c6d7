import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/index.js';
import { AuthModule } from '../auth/index.js';
import { CompaniesService } from './companies.service.js';
import { Company } from './entities/company.entity.js';
import { Membership } from './entities/membership.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Company, Membership]), ActivityModule, AuthModule],
  providers: [CompaniesService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
