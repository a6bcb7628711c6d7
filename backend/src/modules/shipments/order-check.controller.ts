import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OrderCheckDto } from './reads/order-check.dto.js';
import { OrderCheckService } from './reads/order-check.service.js';
import { OrderCheckView } from './reads/upload-results.dto.js';

@ApiTags('shipments')
@Controller('shipments')
@RequireCompany()
export class OrderCheckController {
  constructor(private readonly orders: OrderCheckService) {}

  @Post('order-check')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'What is known of the orders of reviewed rows (found, state, tracking already there): from the last sync, and with lookUp from Faire for orders not synced yet',
  })
  @ApiOkResponse({ type: OrderCheckView })
  check(@CompanyAuth() auth: CompanyAuthContext, @Body() body: OrderCheckDto): Promise<OrderCheckView> {
    return this.orders.check(auth, body.rows, body.lookUp === true);
  }
}
