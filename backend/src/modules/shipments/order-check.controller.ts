import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OrderCheckDto } from './order-check.dto.js';
import { OrderCheckService } from './order-check.service.js';

@ApiTags('shipments')
@Controller('shipments')
@RequireCompany()
export class OrderCheckController {
  constructor(private readonly orders: OrderCheckService) {}

  @Post('order-check')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What the last sync knows of the orders of reviewed rows (found, state, tracking already there); no Faire call',
  })
  check(@CompanyAuth() auth: CompanyAuthContext, @Body() body: OrderCheckDto) {
    return this.orders.check(auth, body.rows);
  }
}
