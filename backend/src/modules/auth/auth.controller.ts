import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { MessageView } from '../../common/http/responses.dto.js';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { Auth, Public } from '../../common/http/auth.decorators.js';
import type { AuthContext } from '../../common/http/auth-context.js';
import type { GoogleIdentity } from '../users/index.js';
import { AuthFlowService } from './auth-flow.service.js';
import { AuthConfigView, DevLoginDto, GoogleCallbackDto, GoogleTokenDto } from './dto/auth.dto.js';
import { CurrentUserView } from './dto/current-user.view.js';
import { GoogleAuthGuard } from './google-auth.guard.js';
import { SESSION_COOKIE } from './session.middleware.js';
import { SignInLimit } from '../abuse/index.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly flow: AuthFlowService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('config')
  @Public()
  @ApiOperation({ summary: 'Which sign-in methods this install offers' })
  @ApiOkResponse({ type: AuthConfigView })
  authConfig(): AuthConfigView {
    return this.flow.publicConfig();
  }

  @Get('google/start')
  @Public()
  @UseGuards(GoogleAuthGuard)
  @ApiOperation({ summary: 'Redirects the browser to Google (one-time state + PKCE bound to this browser)' })
  @ApiResponse({ status: 302, description: "To Google's sign-in page" })
  googleStart(): void {
    // The guard answers with the redirect.
  }

  @Post('google/callback')
  @SignInLimit()
  @Public()
  @HttpCode(200)
  @UseGuards(GoogleAuthGuard)
  @ApiOkResponse({ type: CurrentUserView })
  googleCallback(@Req() req: Request, @Body() _body: GoogleCallbackDto): Promise<CurrentUserView> {
    return this.flow.signInWithGoogle(req, req.user as GoogleIdentity);
  }

  @Post('google')
  @SignInLimit()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with a Google ID token or access token issued to this app' })
  @ApiOkResponse({ type: CurrentUserView })
  googleToken(@Req() req: Request, @Body() body: GoogleTokenDto): Promise<CurrentUserView> {
    return this.flow.signInWithGoogleToken(req, body.token);
  }

  @Post('dev-login')
  @SignInLimit()
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'Development sign-in (only when AUTH_DEV_LOGIN is on; never in production)' })
  @ApiOkResponse({ type: CurrentUserView })
  devLogin(@Req() req: Request, @Body() body: DevLoginDto): Promise<CurrentUserView> {
    return this.flow.devLogin(req, body);
  }

  @Get('me')
  @ApiOkResponse({ type: CurrentUserView })
  me(@Auth() auth: AuthContext): Promise<CurrentUserView> {
    return this.flow.me(auth);
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ type: MessageView })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<MessageView> {
    await this.flow.logout(req);
    res.clearCookie(SESSION_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.isProduction,
    });
    return { message: 'Signed out' };
  }
}
