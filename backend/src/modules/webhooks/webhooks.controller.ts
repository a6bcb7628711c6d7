import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CompanyAuth, RequireCompany, Roles } from '../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { OkView } from '../../common/http/responses.dto.js';
import {
  CreatedWebhookView,
  CreateWebhookDto,
  RotatedSecretView,
  UpdateWebhookDto,
  WebhookDeliveriesView,
  WebhookEndpointView,
  WebhooksView,
  WebhookTestView,
} from './webhooks.dto.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * The company's outbound webhooks (decision 0068): members read the endpoints and their deliveries,
 * company admins add, change, rotate, test and delete them.
 */
@ApiTags('webhooks')
@Controller('company/webhooks')
@RequireCompany()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: "The company's webhook endpoints (never their secrets)" })
  @ApiOkResponse({ type: WebhooksView })
  list(@CompanyAuth() caller: CompanyAuthContext): Promise<WebhooksView> {
    return this.webhooks.list(caller);
  }

  @Post()
  @Roles('COMPANY_ADMIN')
  @ApiOperation({
    summary: 'Add an endpoint for some events: the answer holds its signing secret, shown this once',
  })
  @ApiCreatedResponse({ type: CreatedWebhookView })
  create(
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookView> {
    return this.webhooks.create(caller, body.url, body.events);
  }

  @Patch(':id')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Change its events, or turn it off or on (on again: events from now on)' })
  @ApiOkResponse({ type: WebhookEndpointView })
  change(
    @CompanyAuth() caller: CompanyAuthContext,
    @Param('id') id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookEndpointView> {
    return this.webhooks.change(caller, id, body);
  }

  @Delete(':id')
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Delete the endpoint and its deliveries' })
  @ApiOkResponse({ type: OkView })
  remove(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<OkView> {
    return this.webhooks.remove(caller, id);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'A new signing secret, shown this once; the old one stops at once' })
  @ApiOkResponse({ type: RotatedSecretView })
  rotate(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<RotatedSecretView> {
    return this.webhooks.rotate(caller, id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: 'Its latest 50 deliveries, newest first, with their last answers' })
  @ApiOkResponse({ type: WebhookDeliveriesView })
  deliveries(
    @CompanyAuth() caller: CompanyAuthContext,
    @Param('id') id: string,
  ): Promise<WebhookDeliveriesView> {
    return this.webhooks.recent(caller, id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @Roles('COMPANY_ADMIN')
  @ApiOperation({ summary: 'Send a webhook.test event now; answers how its first try went' })
  @ApiOkResponse({ type: WebhookTestView })
  test(@CompanyAuth() caller: CompanyAuthContext, @Param('id') id: string): Promise<WebhookTestView> {
    return this.webhooks.test(caller, id);
  }
}
