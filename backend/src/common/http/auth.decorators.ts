import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { CompanyRole } from './auth-context.js';
import { AppError } from '../errors/index.js';
import type { AuthContext, CompanyAuthContext } from './auth-context.js';

export { Public, IS_PUBLIC } from './public.decorator.js';

export const REQUIRE_COMPANY = 'requireCompany';
export const ROLES = 'roles';
export const PLATFORM_ADMIN = 'platformAdmin';

/** The caller must belong to a company (an ACTIVE membership). */
export const RequireCompany = (): MethodDecorator & ClassDecorator => SetMetadata(REQUIRE_COMPANY, true);

/** The caller must belong to a company with one of these roles. */
export const Roles = (...roles: CompanyRole[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);

/** The caller must be a platform admin (ADMIN_EMAILS). */
export const PlatformAdmin = (): MethodDecorator & ClassDecorator => SetMetadata(PLATFORM_ADMIN, true);

/** The signed-in caller. */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthContext => {
  const req = ctx.switchToHttp().getRequest<Request>();
  if (!req.auth) throw new AppError('NOT_AUTHENTICATED');
  return req.auth;
});

/** The signed-in caller on a route that requires a company. */
export const CompanyAuth = createParamDecorator((_: unknown, ctx: ExecutionContext): CompanyAuthContext => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const auth = req.auth;
  if (!auth) throw new AppError('NOT_AUTHENTICATED');
  if (!auth.companyId || !auth.role || !auth.membershipId) {
    throw new AppError('FORBIDDEN', 'You need to belong to a company to do this');
  }
  return auth as CompanyAuthContext;
});
