import { applyDecorators, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';

/** Marks a route as reachable without signing in. Every other route is denied by default. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

export const IS_MACHINE_HOOK = 'isMachineHook';

/**
 * A public route another service calls (a webhook): reachable without signing in and without the
 * anti-forgery header, which a machine does not send. It must authenticate the call itself (e.g. an
 * unguessable token in its path) and never act on a session.
 */
export const MachineHook = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(IS_PUBLIC, true), SetMetadata(IS_MACHINE_HOOK, true));

export const IS_API_KEY_ROUTE = 'isApiKeyRoute';

/**
 * A route of the public API (decision 0067): no session and no anti-forgery header; the API key guard
 * on its controller authenticates the `Authorization: Bearer` key, and a session cookie alone opens
 * nothing there.
 */
export const ApiKeyRoute = (): MethodDecorator & ClassDecorator => SetMetadata(IS_API_KEY_ROUTE, true);
