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

/** Where a fresh sign-in lands: the pending invitation if there is one, otherwise the dashboard. */
export function postSignInPath(): string {
  const token = readPendingInvite();
  return token ? `/accept-invite?token=${encodeURIComponent(token)}` : '/dashboard';
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
