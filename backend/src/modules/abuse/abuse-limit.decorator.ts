import { applyDecorators, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { AbuseLimitGuard } from './abuse-limit.guard.js';
import { CATEGORY, type AbuseCategory } from './abuse-category.js';
import { SignInRefusals } from './sign-in-limits.js';

/** Puts a route under one of the abuse limits (invitation mail, accepting one, uploads, retries). */
export const AbuseLimit = (category: Exclude<AbuseCategory, 'signIn'>) =>
  applyDecorators(SetMetadata(CATEGORY, category), UseGuards(AbuseLimitGuard));

/**
 * A sign-in route (decision 0029): its refused attempts count against the address; the flow admits
 * each account through SignInLimits.admit before it starts a session.
 */
export const SignInLimit = () => applyDecorators(UseInterceptors(SignInRefusals));
