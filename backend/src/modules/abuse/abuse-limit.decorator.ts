import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { AbuseLimitGuard } from './abuse-limit.guard.js';

import { CATEGORY, type AbuseCategory } from './abuse-category.js';

/** Puts a route under one of the abuse limits (sign-in, invitation mail, uploads, retries). */
export const AbuseLimit = (category: AbuseCategory) =>
  applyDecorators(SetMetadata(CATEGORY, category), UseGuards(AbuseLimitGuard));
