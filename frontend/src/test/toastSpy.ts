import { vi } from 'vitest';
import type { ToastInput } from '../notifications/toast';

/**
 * Every toast a rendered screen asked for, as it asked (`useToast`'s input), reported by `ToastProbe`
 * (toasts.tsx). Its own module so setup.ts clears it after each test without loading react-admin.
 */
export const toast = vi.fn<(t: ToastInput) => void>();
