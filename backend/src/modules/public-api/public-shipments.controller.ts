import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { ApiKeyContext } from '../../common/http/auth-context.js';
import { ApiCaller, ApiKeyScoped } from '../api-keys/index.js';
import { PublicShipmentsView, PublicShipmentView, PublicUploadView } from './public-api.dto.js';
import { MAX_POST_ROWS } from './public-input.js';
import { PublicShipmentsService } from './public-shipments.service.js';

const EXAMPLE_ROWS = [
  {
    orderId: 'BXDMJBWXID',
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    shipDate: '2026-12-07',
    shippingCost: '7.50',
  },
  {
    orderId: 'bo_8yzq2kd0s1',
    trackingNumber: '9400111899223100000000',
    shipDate: '2026-12-07',
    shippingCostMinor: 495,
    currency: 'USD',
  },
];

/** The public API's shipments (decision 0067): rows in, each answered; intakes and shipments read back. */
@ApiTags('public-api')
@ApiBearerAuth('apiKey')
@Controller('v1')
export class PublicShipmentsController {
  constructor(private readonly shipments: PublicShipmentsService) {}

  @Post('shipments')
  @HttpCode(200)
  @ApiKeyScoped('shipments:write')
  @ApiOperation({
    summary: `Send up to ${MAX_POST_ROWS} shipment rows (key scope shipments:write)`,
    description:
      'A JSON array of rows: orderId (Faire id or display id), trackingNumber, carrier (told from the tracking number when missing), shipDate (YYYY-MM-DD), and shippingCost as a decimal string in the brand’s currency or shippingCostMinor with currency. Every row is answered: accepted, refused (with the rule’s code and words) or a duplicate of a shipment already made. Accepted rows are created on Faire exactly once, as from a file. With an Idempotency-Key, the same key and body within 24 hours answers the first answer again; the same key with another body is a 422.',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: '1-255 visible ASCII characters' })
  @ApiBody({ schema: { type: 'array', items: { type: 'object' }, example: EXAMPLE_ROWS } })
  @ApiOkResponse({ type: PublicUploadView })
  post(
    @ApiCaller() caller: ApiKeyContext,
    @Body() body: unknown,
    @Headers('idempotency-key') key?: string,
  ): Promise<PublicUploadView> {
    return this.shipments.post(caller, body, key);
  }

  @Get('uploads/:id')
  @ApiKeyScoped('shipments:read')
  @ApiOperation({ summary: 'An upload (a post, a file or a source’s labels) and each of its rows' })
  @ApiOkResponse({ type: PublicUploadView })
  upload(@ApiCaller() caller: ApiKeyContext, @Param('id') id: string): Promise<PublicUploadView> {
    return this.shipments.upload(caller, id);
  }

  @Get('shipments')
  @ApiKeyScoped('shipments:read')
  @ApiOperation({
    summary: 'Shipments changed since a moment, in the order they changed (key scope shipments:read)',
    description:
      'A tool keeps the updatedAt of the last shipment it read and asks again from there: every change is seen at least once.',
  })
  @ApiQuery({ name: 'updatedSince', required: true, example: '2026-12-07T00:00:00Z' })
  @ApiQuery({ name: 'cursor', required: false, description: 'nextCursor of the previous page' })
  @ApiQuery({ name: 'limit', required: false, description: 'Shipments a page, 1-500 (default 100)' })
  @ApiOkResponse({ type: PublicShipmentsView })
  changed(
    @ApiCaller() caller: ApiKeyContext,
    @Query('updatedSince') updatedSince?: unknown,
    @Query('cursor') cursor?: unknown,
    @Query('limit') limit?: unknown,
  ): Promise<PublicShipmentsView> {
    return this.shipments.changed(caller, { updatedSince, cursor, limit });
  }

  @Get('shipments/:id')
  @ApiKeyScoped('shipments:read')
  @ApiOperation({ summary: 'One shipment, with its status on Faire' })
  @ApiOkResponse({ type: PublicShipmentView })
  shipment(@ApiCaller() caller: ApiKeyContext, @Param('id') id: string): Promise<PublicShipmentView> {
    return this.shipments.shipment(caller, id);
  }
}
