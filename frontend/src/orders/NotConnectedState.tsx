import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import { Button, Card, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { iconSizes } from '../theme/typography';

/**
 * The empty state when there are no orders because Faire is not connected: says so, and who can fix it
 * (instead of "every order is on schedule" or a Refresh that can only fail).
 */
export function NotConnectedState({ canManage }: { canManage: boolean }) {
  return (
    <Card data-testid="orders-not-connected" sx={{ py: 6, px: 3, textAlign: 'center' }}>
      <LinkOffIcon sx={{ fontSize: iconSizes.empty, color: 'text.disabled' }} aria-hidden />
      <Typography variant="h3" component="p" sx={{ mt: 1 }}>
        Faire is not connected
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 480, mx: 'auto' }}>
        {canManage
          ? 'Orders come from Faire, so there is nothing to show yet. Connect your Faire account to fetch them.'
          : 'Orders come from Faire, so there is nothing to show yet. Ask a company admin (Team Management lists them) to connect the company’s Faire account.'}
      </Typography>
      {canManage ? (
        <Button component={RouterLink} to="/oauth-setup" variant="contained" sx={{ mt: 2.5 }}>
          Connect Faire
        </Button>
      ) : null}
    </Card>
  );
}
