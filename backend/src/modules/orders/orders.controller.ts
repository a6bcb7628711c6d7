import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ListOrdersQuery } from './dto/list-orders.query.js';
import { LateRateService } from './late-rate.service.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersService } from './orders.service.js';

@ApiTags('orders')
@Controller()
@RequireCompany()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly sync: OrdersSyncService,
    private readonly lateRates: LateRateService,
  ) {}

  @Get('orders')
  @ApiOkResponse({
    description: '{orders, total}: the open orders that match, one page when page/perPage are given',
  })
  list(@CompanyAuth() auth: CompanyAuthContext, @Query() query: ListOrdersQuery) {
    return this.orders.list(auth, query);
  }

  @Get('orders/late-rate')
  @ApiOkResponse({
    description:
      "The quarter's late-shipment rate against Faire's 10% line, its late orders and the orders at risk",
  })
  lateRate(@CompanyAuth() auth: CompanyAuthContext) {
    return this.lateRates.forCaller(auth);
  }

  @Get('orders/problem')
  problem(@CompanyAuth() auth: CompanyAuthContext) {
    return this.orders.problem(auth);
  }

  @Post('orders/refresh')
  @HttpCode(200)
  refresh(@CompanyAuth() auth: CompanyAuthContext) {
    return this.sync.refresh(auth);
  }

  @Get('analytics/stats')
  stats(@CompanyAuth() auth: CompanyAuthContext) {
    return this.orders.stats(auth);
  }
}
