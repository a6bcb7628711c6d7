import { Controller, Delete, Get, Query, Redirect, Req } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { OkView } from '../../common/http/responses.dto.js';
import type { Request } from 'express';
import { Auth, Public } from '../../common/http/auth.decorators.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import {
  AuthorizeUrlView,
  BrandProfileView,
  CONNECTION_VIEWS,
  type ConnectionViewDto,
} from './marketplace.dto.js';
import { MarketplaceService, type ConnectIntent } from './marketplace.service.js';

const INTENTS: readonly ConnectIntent[] = ['connect', 'reconnect', 'change'];

@ApiTags('marketplace')
@ApiExtraModels(...CONNECTION_VIEWS)
@Controller()
export class MarketplaceController {
  constructor(private readonly marketplace: MarketplaceService) {}

  @Get('oauth/faire/authorize')
  @ApiOperation({
    summary:
      'The Faire authorize URL to open (company admins only). `intent=change` means the admin confirmed a brand change.',
  })
  @ApiOkResponse({ type: AuthorizeUrlView })
  authorize(
    @Req() req: Request,
    @Auth() auth: AuthContext,
    @Query('intent') intent?: string,
  ): Promise<AuthorizeUrlView> {
    const chosen = INTENTS.find((i) => i === intent) ?? 'reconnect';
    return this.marketplace.authorizeUrl(req, auth, chosen);
  }

  @Get('oauth/faire/callback')
  @Public()
  @Redirect('/oauth-setup', 302)
  @ApiOperation({ summary: 'Faire sends the browser back here; answers a redirect to /oauth-setup' })
  @ApiResponse({ status: 302, description: 'To /oauth-setup, with the outcome in the query' })
  async callback(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<{ url: string }> {
    return { url: await this.marketplace.completeAuthorization(req, query) };
  }

  @Get('faire/brand-profile')
  @ApiOkResponse({ type: BrandProfileView })
  brandProfile(@Auth() auth: AuthContext): Promise<BrandProfileView> {
    return this.marketplace.brandProfile(auth);
  }

  @Get('faire/connection')
  @ApiOkResponse({ schema: { oneOf: CONNECTION_VIEWS.map((v) => ({ $ref: getSchemaPath(v) })) } })
  connection(@Auth() auth: AuthContext): Promise<ConnectionViewDto> {
    return this.marketplace.status(auth);
  }

  @Delete('faire/connection')
  @ApiOkResponse({ type: OkView })
  disconnect(@Auth() auth: AuthContext): Promise<OkView> {
    return this.marketplace.disconnect(auth);
  }
}
