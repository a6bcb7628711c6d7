import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersService } from './orders.service.js';

@ApiTags('orders')
@Controller()
@RequireCompany()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly sync: OrdersSyncService,
  ) {}

  @Get('orders')
  open(@CompanyAuth() auth: CompanyAuthContext) {
    return this.orders.open(auth);
  }

  @Get('orders/problem')
  problem(@CompanyAuth() auth: CompanyAuthContext) {
    return this.orders.problem(auth);
  }

  @Post('orders/refresh')
  @HttpCode(200)
  refresh(@CompanyAuth() auth: CompanyAuthContext) {
    return this.sync.refresh(auth.companyId);
  }

  @Get('analytics/stats')
  stats(@CompanyAuth() auth: CompanyAuthContext) {
    return this.orders.stats(auth);
  }
}
