import { isValidElement, useEffect, useRef } from 'react';
import { useNotificationContext, type NotificationPayload } from 'react-admin';
import { ToastContent, type ToastInput } from '../notifications/toast';
import { toast } from './toastSpy';

/**
 * Toasts read from react-admin's notification state by `ToastProbe` (rendered by `renderScreen`), so no
 * test replaces the toast module and every screen test shares its process's module cache (decision 0058).
 */
export { toast };

/** The toast's input, or null for a notification of another kind (the update notice, say). */
function inputOf(n: NotificationPayload): ToastInput | null {
  if (typeof n.message === 'string') return { title: n.message };
  if (!isValidElement<ToastInput>(n.message) || n.message.type !== ToastContent) return null;
  const { title, description, variant } = n.message.props;
  return {
    title,
    ...(description === undefined ? {} : { description }),
    ...(variant === undefined ? {} : { variant }),
  };
}

/** Inside the screen's providers: reports each new notification to `toast` once. */
export function ToastProbe() {
  const { notifications } = useNotificationContext();
  const seen = useRef(new WeakSet<NotificationPayload>());
  useEffect(() => {
    for (const n of notifications) {
      if (seen.current.has(n)) continue;
      seen.current.add(n);
      const input = inputOf(n);
      if (input) toast(input);
    }
  }, [notifications]);
  return null;
}
