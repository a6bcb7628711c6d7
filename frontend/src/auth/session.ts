/** Where an invitation token waits while its invitee signs in (spec section 4, invitation flow). */
export const PENDING_INVITE_KEY = 'pendingInviteToken';

export function readPendingInvite(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_INVITE_KEY);
  } catch {
    return null;
  }
}

export function storePendingInvite(token: string): void {
  try {
    window.sessionStorage.setItem(PENDING_INVITE_KEY, token);
  } catch {
    /* storage unavailable: the invitee opens the link again after signing in */
  }
}

export function clearPendingInvite(): void {
  try {
    window.sessionStorage.removeItem(PENDING_INVITE_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The screen a signed-out visitor opened (a deep link), kept while they sign in, Google's round trip included. */
export const RETURN_TO_KEY = 'returnTo';

/** Only a path of this app: one leading slash, never another origin ("//evil", "https:"), never the callback. */
function safeReturnPath(path: string | null): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  if (path.startsWith('/auth/') || path === '/' || path === '/dashboard') return null;
  return path;
}

export function storeReturnTo(path: string): void {
  try {
    const safe = safeReturnPath(path);
    if (safe) window.sessionStorage.setItem(RETURN_TO_KEY, safe);
    else window.sessionStorage.removeItem(RETURN_TO_KEY);
  } catch {
    /* storage unavailable: sign-in lands on the dashboard */
  }
}

function takeReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/**
 * Where a fresh sign-in lands: the pending invitation if there is one, then the screen the visitor had
 * opened before signing in, otherwise the dashboard.
 */
export function postSignInPath(): string {
  const token = readPendingInvite();
  const returnTo = takeReturnTo();
  if (token) return `/accept-invite?token=${encodeURIComponent(token)}`;
  return returnTo ?? '/dashboard';
}

const started = new Map<string, Promise<unknown>>();

/**
 * Runs a one-shot call (an OAuth code exchange, an invitation acceptance) at most once per key, so
 * StrictMode's repeated effects and remounts share the same request instead of sending it twice.
 */
export function runOnce<T>(key: string, run: () => Promise<T>): Promise<T> {
  let pending = started.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = run();
    started.set(key, pending);
  }
  return pending;
}
