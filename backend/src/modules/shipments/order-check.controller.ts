import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OrderCheckDto } from './order-check.dto.js';
import { OrderCheckService } from './order-check.service.js';
import { OrderCheckView } from './upload-results.dto.js';

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
  @ApiOkResponse({ type: OrderCheckView })
  check(@CompanyAuth() auth: CompanyAuthContext, @Body() body: OrderCheckDto): Promise<OrderCheckView> {
    return this.orders.check(auth, body.rows);
  }
}
