import { Box, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

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
      notify(<ToastContent title={title} description={description} />, {
        type: variant === 'destructive' ? 'error' : variant === 'success' ? 'success' : 'info',
      });
    },
    [notify],
  );
}

export function ToastContent({ title, description }: { title: string; description?: string }) {
  return (
    <Box role="status" data-testid="toast">
      <Typography component="div" sx={{ fontWeight: 700, fontSize: '0.95rem' }}>
        {title}
      </Typography>
      {description ? (
        <Typography component="div" sx={{ fontSize: '0.875rem', opacity: 0.92 }}>
          {description}
        </Typography>
      ) : null}
    </Box>
  );
}
