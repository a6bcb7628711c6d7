import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { MessageView } from '../../common/http/responses.dto.js';
import { ListOrdersQuery } from './dto/list-orders.query.js';
import { LateRateView, OrderStatsView, OrdersPageView, OrdersView } from './dto/order.views.js';
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
    type: OrdersPageView,
    description: '{orders, total}: the open orders that match, one page when page/perPage are given',
  })
  list(@CompanyAuth() auth: CompanyAuthContext, @Query() query: ListOrdersQuery): Promise<OrdersPageView> {
    return this.orders.list(auth, query);
  }

  @Get('orders/late-rate')
  @ApiOkResponse({
    type: LateRateView,
    description:
      "The quarter's late-shipment rate against Faire's 10% line, its late orders and the orders at risk",
  })
  lateRate(@CompanyAuth() auth: CompanyAuthContext): Promise<LateRateView> {
    return this.lateRates.forCaller(auth);
  }

  @Get('orders/problem')
  @ApiOkResponse({ type: OrdersView, description: 'The open orders late by the company’s thresholds' })
  problem(@CompanyAuth() auth: CompanyAuthContext): Promise<OrdersView> {
    return this.orders.problem(auth);
  }

  @Post('orders/refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageView })
  refresh(@CompanyAuth() auth: CompanyAuthContext): Promise<MessageView> {
    return this.sync.refresh(auth);
  }

  @Get('analytics/stats')
  @ApiOkResponse({ type: OrderStatsView })
  stats(@CompanyAuth() auth: CompanyAuthContext): Promise<OrderStatsView> {
    return this.orders.stats(auth);
  }
}
