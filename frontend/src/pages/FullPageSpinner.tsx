import { Box, CircularProgress, Typography } from '@mui/material';

/** A centered spinner for the whole viewport, with an optional line under it. */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={label ?? 'Loading'}
      data-testid="full-page-spinner"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'background.default',
      }}
    >
      <CircularProgress size={36} thickness={4.5} />
      {label ? <Typography color="text.secondary">{label}</Typography> : null}
    </Box>
  );
}
