import { Global, Module } from '@nestjs/common';
import { AbuseLimitGuard } from './abuse-limit.guard.js';

/** Abuse limits (decision 0013): per IP and per signed-in user, counted in Redis. */
@Global()
@Module({
  providers: [AbuseLimitGuard],
  exports: [AbuseLimitGuard],
})
export class AbuseModule {}
