import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AuthFlowService } from './auth-flow.service.js';
import { AuthController } from './auth.controller.js';
import { AuthGuard } from './auth.guard.js';
import { AuthService } from './auth.service.js';
import { GoogleAuthGuard } from './google-auth.guard.js';
import { GoogleTokenVerifier } from './google-token.verifier.js';
import { GoogleStrategy } from './google.strategy.js';
import { SessionMiddleware } from './session.middleware.js';

@Global()
@Module({
  imports: [PassportModule.register({ session: false })],
  controllers: [AuthController],
  providers: [
    AuthService,
    AuthFlowService,
    GoogleStrategy,
    GoogleAuthGuard,
    GoogleTokenVerifier,
    SessionMiddleware,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [AuthService, SessionMiddleware],
})
export class AuthModule {}
