import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/index.js';
import { OrdersModule } from '../orders/index.js';
import { CompanySettingsService } from './company-settings.service.js';

@Module({
  imports: [ActivityModule, OrdersModule],
  providers: [CompanySettingsService],
  exports: [CompanySettingsService],
})
export class CompanySettingsModule {}
