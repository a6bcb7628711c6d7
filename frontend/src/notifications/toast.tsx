import { Alert, Typography, type AlertColor } from '@mui/material';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/** Spec toasts: a title and an optional description; destructive ones show as errors. */
export function useToast(): (t: ToastInput) => void {
  const notify = useNotify();
  return useCallback(
    ({ title, description, variant = 'default' }: ToastInput) => {
      notify(<ToastContent title={title} description={description} variant={variant} />, {
        type: variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info',
      });
    },
    [notify],
  );
}

const SEVERITY: Record<ToastVariant, AlertColor> = {
  default: 'info',
  success: 'success',
  destructive: 'error',
};

/**
 * react-admin renders an element message without its own snackbar surface, so the toast draws one:
 * a filled alert coloured by variant.
 */
export function ToastContent({
  title,
  description,
  variant = 'default',
  onClose,
}: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Set by the toast host: shows the close button. */
  onClose?: () => void;
}) {
  return (
    <Alert
      role="status"
      data-testid="toast"
      severity={SEVERITY[variant]}
      variant="filled"
      onClose={onClose}
      slotProps={{ closeButton: { 'aria-label': 'Close notification' } }}
      sx={{
        minWidth: { xs: 'auto', sm: 320 },
        maxWidth: 440,
        py: { xs: 0.25, sm: 0.75 },
        borderRadius: 2.5,
        boxShadow: `0 10px 30px ${tint('ink', 0.22)}`,
        alignItems: 'flex-start',
        ...(variant === 'default' ? { bgcolor: 'primary.main', color: 'primary.contrastText' } : {}),
      }}
    >
      <Typography component="div" sx={{ fontWeight: 700, fontSize: fontSizes.emphasis }}>
        {title}
      </Typography>
      {description ? (
        <Typography component="div" sx={{ fontSize: fontSizes.body, opacity: 0.92 }}>
          {description}
        </Typography>
      ) : null}
    </Alert>
  );
}
