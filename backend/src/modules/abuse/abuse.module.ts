import { Module } from '@nestjs/common';
import { AbuseLimitGuard } from './abuse-limit.guard.js';

/**
 * Abuse limits (decision 0013): per IP and per signed-in user, counted in Redis. Routes take them with
 * the `@AbuseLimit(category)` decorator; the guard it names runs in the API root module.
 */
@Module({
  providers: [AbuseLimitGuard],
  exports: [AbuseLimitGuard],
})
export class AbuseModule {}
