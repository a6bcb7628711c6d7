import { useEffect } from 'react';
import { Notification } from 'react-admin';

/** Toast display time (spec section 9). */
export const TOAST_DURATION_MS = 5000;

/**
 * One toast at a time, shown for 5 seconds, at the top right (clear of dialog buttons). F8 moves focus
 * to the notification area, as the spec asks.
 */
export function AppNotification() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F8') return;
      const el = document.querySelector<HTMLElement>('.RaNotification-root, [data-testid="toast"]');
      if (el) {
        el.setAttribute('tabindex', '-1');
        el.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Notification
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      multiLine
    />
  );
}
