import { Box } from '@mui/material';
import {
  cloneElement,
  isValidElement,
  useEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
  type NotificationType,
} from 'react-admin';
import { ToastContent, type ToastVariant } from './toast';

/** Toast display time (spec section 9): counted from when it appears, never paused by the pointer. */
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right this long dismisses the toast (spec section 9). */
export const SWIPE_DISMISS_PX = 50;

interface Shown {
  key: number;
  message: ReactNode;
  type: NotificationType;
}

const VARIANT: Record<NotificationType, ToastVariant> = {
  success: 'success',
  error: 'destructive',
  warning: 'destructive',
  info: 'default',
};

interface ToastParts {
  title: string;
  description?: string;
  variant: ToastVariant;
}

function partsOf(n: NotificationPayload, translate: (key: string, opts?: object) => string): ToastParts {
  if (isValidElement(n.message) && n.message.type === ToastContent) {
    const p = n.message.props as { title: string; description?: string; variant?: ToastVariant };
    return { title: p.title, description: p.description, variant: p.variant ?? 'default' };
  }
  const text = typeof n.message === 'string' ? translate(n.message, { _: n.message }) : '';
  return { title: text, variant: VARIANT[n.type] };
}

/**
 * The toast to show for what arrived since the last one: the message itself, or, for messages sent
 * together in one go (e.g. 'Authentication failed' then 'Sign in failed'), one toast that says all of
 * them, so none is lost and nothing queues. A message repeated in the batch is said once.
 */
function oneToast(
  batch: NotificationPayload[],
  translate: (key: string, opts?: object) => string,
): { message: ReactNode; type: NotificationType } {
  // The same message twice in one go (two refreshes finishing together) is said once.
  const seen = new Set<string>();
  const distinct = batch.filter((n) => {
    const p = partsOf(n, translate);
    const key = JSON.stringify([p.title, p.description ?? '', p.variant]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const [only] = distinct;
  if (distinct.length === 1 && only) return { message: only.message, type: only.type };
  const parts = distinct.map((n) => partsOf(n, translate));
  const [first = { title: '', variant: 'default' as const }, ...rest] = parts;
  const description = [first.description, ...rest.flatMap((r) => [r.title, r.description])]
    .filter((t): t is string => !!t)
    .join(' · ');
  const variant = parts.some((p) => p.variant === 'destructive') ? 'destructive' : first.variant;
  return {
    message: <ToastContent title={first.title} description={description} variant={variant} />,
    type: variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info',
  };
}

/**
 * One toast at a time: a new message replaces the one shown (nothing queues behind it), it stays 5 s
 * whether or not the pointer is on it, and it has a close button. It sits where nothing clickable is:
 * top centre of the window on a desktop (page actions such as Refresh Orders are on the right, dialog
 * buttons at the bottom), and on a phone over the app bar's title, right of the menu button. F8 moves
 * focus to it; Escape or a swipe to the right dismisses it.
 */
export function AppNotification() {
  const { notifications, resetNotifications } = useNotificationContext();
  const translate = useTranslate();
  const [shown, setShown] = useState<Shown | null>(null);
  const counter = useRef(0);
  const swipeFrom = useRef<number | null>(null);

  useEffect(() => {
    if (notifications.length === 0) return;
    counter.current += 1;
    setShown({ key: counter.current, ...oneToast(notifications, translate) });
    resetNotifications();
  }, [notifications, resetNotifications, translate]);

  useEffect(() => {
    if (!shown) return;
    const id = window.setTimeout(() => setShown(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(id);
  }, [shown]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setShown(null);
      if (e.key !== 'F8') return;
      const el = document.querySelector<HTMLElement>('[data-testid="toast"]');
      if (el) {
        el.setAttribute('tabindex', '-1');
        el.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!shown) return null;
  const close = () => setShown(null);
  const content = isValidElement(shown.message) ? (
    cloneElement(shown.message as ReactElement<{ onClose?: () => void }>, { onClose: close })
  ) : (
    <ToastContent
      title={typeof shown.message === 'string' ? translate(shown.message, { _: shown.message }) : ''}
      variant={VARIANT[shown.type]}
      onClose={close}
    />
  );
  return (
    <Box
      key={shown.key}
      role="region"
      aria-label="Notifications"
      data-testid="toast-region"
      onPointerDown={(e) => (swipeFrom.current = e.clientX)}
      onPointerUp={(e) => {
        if (swipeFrom.current !== null && e.clientX - swipeFrom.current >= SWIPE_DISMISS_PX) close();
        swipeFrom.current = null;
      }}
      sx={{
        position: 'fixed',
        zIndex: (t) => t.zIndex.snackbar,
        top: { xs: 4, sm: 16 },
        left: { xs: 60, sm: '50%' },
        right: { xs: 8, sm: 'auto' },
        transform: { sm: 'translateX(-50%)' },
        width: { sm: 420 },
        maxWidth: { sm: 'calc(100vw - 32px)' },
        touchAction: 'pan-y',
      }}
    >
      {content}
    </Box>
  );
}
