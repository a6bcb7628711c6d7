import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import { Button, Typography } from '@mui/material';
import { CenteredShell } from './CenteredShell';
import { iconSizes } from '../theme/typography';

/** Shown when the current user cannot be read for a reason other than being signed out. */
export function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredShell maxWidth={420}>
      <CloudOffIcon color="action" sx={{ fontSize: iconSizes.notice, mb: 1 }} />
      <Typography variant="h2" component="h1">
        We can't reach the server
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        Check your connection and try again in a moment.
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        Retry
      </Button>
    </CenteredShell>
  );
}
