import { Module } from '@nestjs/common';
import { AbuseLimitGuard } from './abuse-limit.guard.js';
import { DownloadSlots } from './download-slots.js';
import { SignInLimits, SignInRefusals } from './sign-in-limits.js';

/**
 * Abuse limits (decision 0013): per IP and per signed-in user, counted in Redis. Routes take them with
 * the `@AbuseLimit(category)` decorator; the guard it names runs in the API root module. Downloads open
 * at once are limited by DownloadSlots (decision 0027).
 */
@Module({
  providers: [AbuseLimitGuard, DownloadSlots, SignInLimits, SignInRefusals],
  exports: [AbuseLimitGuard, DownloadSlots, SignInLimits, SignInRefusals],
})
export class AbuseModule {}
