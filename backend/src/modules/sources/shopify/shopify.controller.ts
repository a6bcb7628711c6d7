import { Body, Controller, Get, Headers, HttpCode, Post, Query, Redirect, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import type { Request } from 'express';
import { CompanyAuth, RequireCompany, Roles } from '../../../common/http/auth.decorators.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { MachineHook, Public } from '../../../common/http/public.decorator.js';
import { ShopifyConnect } from './shopify-connect.service.js';
import { ShopifyHookReceiptView } from './shopify-hooks.dto.js';
import { ShopifyHooks } from './shopify-hooks.service.js';

export class ConnectShopifyDto {
  @ApiProperty({ description: "The shop's myshopify.com domain, e.g. your-shop.myshopify.com" })
  @IsString({ message: 'shop is required: the shop’s myshopify.com domain' })
  @MaxLength(255, { message: 'shop must be a myshopify.com domain' })
  shop: string;
}

/** The Shopify page to open to connect the shop. */
export class ShopifyAuthorizeView {
  @ApiProperty() authorizeUrl: string;
}

/** Connecting a Shopify shop, Shopify's redirect back, and its webhooks (decision 0047). */
@ApiTags('integrations')
@Controller()
export class ShopifyController {
  constructor(
    private readonly connect: ShopifyConnect,
    private readonly hooks: ShopifyHooks,
  ) {}

  @Post('integrations/shopify')
  @RequireCompany()
  @Roles('COMPANY_ADMIN')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start connecting a Shopify shop: answers the Shopify URL to open' })
  @ApiOkResponse({ type: ShopifyAuthorizeView })
  start(
    @Req() req: Request,
    @CompanyAuth() caller: CompanyAuthContext,
    @Body() body: ConnectShopifyDto,
  ): Promise<ShopifyAuthorizeView> {
    return this.connect.start(req, caller, body.shop);
  }

  @Get('integrations/shopify/callback')
  @Public()
  @Redirect('/dashboard?tab=settings', 302)
  @ApiOperation({ summary: 'Shopify sends the browser back here; answers a redirect to Settings' })
  @ApiResponse({ status: 302, description: 'To the Settings tab, with the outcome in the query' })
  async callback(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<{ url: string }> {
    return { url: await this.connect.callback(req, query) };
  }

  @Post('hooks/shopify')
  @MachineHook()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Shopify webhook delivery: verified on the raw body, stored once, answered at once',
  })
  @ApiOkResponse({ type: ShopifyHookReceiptView })
  hook(
    @Req() req: Request,
    @Headers('x-shopify-hmac-sha256') hmac: unknown,
    @Headers('x-shopify-topic') topic: unknown,
    @Headers('x-shopify-shop-domain') shop: unknown,
    @Headers('x-shopify-webhook-id') webhookId: unknown,
  ): Promise<ShopifyHookReceiptView> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return this.hooks.receive({ raw, hmac, topic, shop, webhookId });
  }
}
