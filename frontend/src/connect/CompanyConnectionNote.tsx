import { Alert, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../shared/dates';
import { beforeFullStop } from '../text/sentence';
import type { FaireConnection } from './api';

/** Since when, as the product shows dates ('Nov 20, 2026'); '' when unreadable. */
export function sinceText(iso: string): string {
  const text = formatDate(iso);
  return text === '-' ? '' : text;
}

/** Where the company's orders come from, in words (for anyone; admins also get the actions elsewhere). */
export function connectionSentence(c: FaireConnection): string {
  switch (c.status) {
    case 'NO_COMPANY':
      return NO_COMPANY_TEXT;
    case 'NOT_CONNECTED':
      return c.canManage
        ? 'Your company has not connected Faire yet.'
        : 'Your company has not connected Faire yet. Ask your company admin to connect it.';
    case 'FAILED':
      return c.canManage
        ? `Faire refused the connection to ${beforeFullStop(c.brandName ?? 'your brand')}. Reconnect to resume orders and shipments.`
        : `Faire refused the connection to ${beforeFullStop(c.brandName ?? 'your brand')}. Ask your company admin to reconnect Faire.`;
    case 'CONNECTED': {
      const brand = c.brandName ?? 'your Faire brand';
      return c.connectedByName
        ? `Orders come from ${brand}, connected by ${beforeFullStop(c.connectedByName)}.`
        : `Orders come from ${beforeFullStop(brand)}.`;
    }
  }
}

export const NO_COMPANY_TEXT =
  'You are signed in as a platform admin without a company, so there are no orders, shipments or Faire connection to show here. Use Admin Config to manage the platform; company data appears once you belong to a company.';

/** A one-line note for members (and the dashboard): who connected which brand, or what to ask for. */
export function CompanyConnectionNote({ connection }: { connection: FaireConnection | null | undefined }) {
  if (!connection) return null;
  const text = connectionSentence(connection);
  if (connection.status === 'CONNECTED') {
    return (
      <Typography data-testid="company-connection" color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
    );
  }
  // A company admin can fix a refused connection: the banner takes them there.
  const reconnect = connection.status === 'FAILED' && connection.canManage;
  return (
    <Alert
      data-testid="company-connection"
      severity={connection.status === 'FAILED' ? 'error' : 'info'}
      sx={{ mb: 3 }}
      action={
        reconnect ? (
          <Button color="inherit" size="small" component={RouterLink} to="/oauth-setup">
            Reconnect
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}
