import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CompanyScope } from '../../common/database/company-scope.js';
import type { ApiKeyContext } from '../../common/http/auth-context.js';
import { ApiCaller, ApiKeyScoped } from '../api-keys/index.js';
import { OrderRecords } from '../orders/index.js';
import { decodeCursor, encodeCursor, pageLimit } from './cursor.js';
import { PublicOrdersView } from './public-api.dto.js';

/** The public API's orders (decision 0067): the company's open Faire orders, page by page. */
@ApiTags('public-api')
@ApiBearerAuth('apiKey')
@Controller('v1/orders')
export class PublicOrdersController {
  constructor(private readonly orders: OrderRecords) {}

  @Get()
  @ApiKeyScoped('orders:read')
  @ApiOperation({
    summary:
      'Open Faire orders, oldest first, with their ids, display ids and states (key scope orders:read)',
  })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiQuery({ name: 'limit', required: false, description: 'Orders a page, 1-200 (default 100)' })
  @ApiOkResponse({ type: PublicOrdersView })
  async list(
    @ApiCaller() caller: ApiKeyContext,
    @Query('cursor') cursor?: unknown,
    @Query('limit') limit?: unknown,
  ): Promise<PublicOrdersView> {
    const size = pageLimit(limit, 100, 200);
    const after = decodeCursor(cursor);
    const rows = await this.orders.openPage(
      CompanyScope.ofApiKey(caller),
      after ? { createdAt: after.at, id: after.id } : null,
      size + 1,
    );
    const page = rows.slice(0, size);
    const last = page[page.length - 1];
    return {
      orders: page.map((o) => ({
        id: o.faireOrderId,
        displayId: o.displayId,
        state: o.state,
        createdAt: o.createdAt.toISOString(),
        expectedShipDate: o.expectedShipDate?.toISOString() ?? null,
        trackingNumber: o.trackingNumber,
        subtotal: o.totalCents,
        currency: o.currency,
      })),
      nextCursor: rows.length > size && last ? encodeCursor({ at: last.createdAt, id: last.rowId }) : null,
    };
  }
}
