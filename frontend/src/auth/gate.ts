import { routeAt } from '../routes';
import { canAccess } from './canAccess';
import type { CurrentUser } from './useCurrentUser';

/**
 * - `loading`: the current user is not known yet;
 * - `sign-in`: signed out on a protected screen, the sign-in screen replaces it (URL unchanged);
 * - `no-company`: send the user to /no-company;
 * - `bare`: signed out on a path the app does not know, the not-found screen without the portal frame;
 * - `portal`: the screen inside the portal frame.
 */
export type Gate = 'loading' | 'sign-in' | 'no-company' | 'bare' | 'portal';

/**
 * Decides what a layout route shows, from the route table's `gate` (`routes.ts`). `user` is undefined
 * while loading and null when signed out.
 */
export function gateFor(user: CurrentUser | null | undefined, pathname: string): Gate {
  if (user === undefined) return 'loading';
  const route = routeAt(pathname);
  if (!route || route.gate === 'open') return user ? 'portal' : 'bare';
  if (!user) return 'sign-in';
  if (route.gate === 'company' && !canAccess(user, 'list', 'company')) return 'no-company';
  return 'portal';
}
