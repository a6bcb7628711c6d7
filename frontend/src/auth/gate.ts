import type { CurrentUser } from './useCurrentUser';

/** Screens a signed-in user without a company (who is not a platform admin) may not see (spec section 2). */
export const COMPANY_PATHS = [
  '/',
  '/dashboard',
  '/orders',
  '/problem-orders',
  '/team',
  '/oauth-setup',
] as const;

/** Screens that need a signed-in user; /admin shows its own 'Access Denied' to everyone else. */
export const SIGNED_IN_PATHS = [...COMPANY_PATHS, '/admin'] as const;

/**
 * - `loading`: the current user is not known yet;
 * - `sign-in`: signed out on a protected screen, the sign-in screen replaces it (URL unchanged);
 * - `no-company`: send the user to /no-company;
 * - `bare`: signed out on a path the app does not know, the not-found screen without the portal frame;
 * - `portal`: the screen inside the portal frame.
 */
export type Gate = 'loading' | 'sign-in' | 'no-company' | 'bare' | 'portal';

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Decides what a layout route shows. `user` is undefined while loading and null when signed out. */
export function gateFor(user: CurrentUser | null | undefined, pathname: string): Gate {
  if (user === undefined) return 'loading';
  const path = normalize(pathname);
  const known = (SIGNED_IN_PATHS as readonly string[]).includes(path);
  if (!known) return user ? 'portal' : 'bare';
  if (!user) return 'sign-in';
  if (!user.company && !user.isAdmin && (COMPANY_PATHS as readonly string[]).includes(path)) {
    return 'no-company';
  }
  return 'portal';
}
