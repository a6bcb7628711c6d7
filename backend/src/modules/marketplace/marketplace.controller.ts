import { Controller, Delete, Get, Query, Redirect, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Auth, Public } from '../../common/http/auth.decorators.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import { MarketplaceService, type ConnectIntent, type ConnectionView } from './marketplace.service.js';

const INTENTS: readonly ConnectIntent[] = ['connect', 'reconnect', 'change'];

@ApiTags('marketplace')
@Controller()
export class MarketplaceController {
  constructor(private readonly marketplace: MarketplaceService) {}

  @Get('oauth/faire/authorize')
  @ApiOperation({
    summary:
      'The Faire authorize URL to open (company admins only). `intent=change` means the admin confirmed a brand change.',
  })
  authorize(
    @Req() req: Request,
    @Auth() auth: AuthContext,
    @Query('intent') intent?: string,
  ): Promise<{ authUrl: string }> {
    const chosen = INTENTS.find((i) => i === intent) ?? 'reconnect';
    return this.marketplace.authorizeUrl(req, auth, chosen);
  }

  @Get('oauth/faire/callback')
  @Public()
  @Redirect('/oauth-setup', 302)
  @ApiOperation({ summary: 'Faire sends the browser back here; answers a redirect to /oauth-setup' })
  async callback(@Req() req: Request, @Query() query: Record<string, unknown>): Promise<{ url: string }> {
    return { url: await this.marketplace.completeAuthorization(req, query) };
  }

  @Get('faire/brand-profile')
  brandProfile(@Auth() auth: AuthContext): Promise<{ name: string }> {
    return this.marketplace.brandProfile(auth);
  }

  @Get('faire/connection')
  connection(@Auth() auth: AuthContext): Promise<ConnectionView> {
    return this.marketplace.status(auth);
  }

  @Delete('faire/connection')
  disconnect(@Auth() auth: AuthContext): Promise<{ ok: true }> {
    return this.marketplace.disconnect(auth);
  }
}
