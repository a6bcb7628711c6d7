import { Alert, AlertTitle, Box, Chip, Typography } from '@mui/material';
import type { OrderGroup } from './grouping';
import { OrderCard } from './OrderCard';
import { stateLabel } from './types';
import { colors, tint } from '../theme/tokens';

/** "8 orders in New · 4 late": every open order of the state, then how many of them are late. */
export function groupCountLabel(group: OrderGroup): string {
  const state = stateLabel(group.state).toLowerCase();
  const name = state.charAt(0).toUpperCase() + state.slice(1);
  const late = group.late + group.latePaid;
  return `${group.total} ${group.total === 1 ? 'order' : 'orders'} in ${name}${late > 0 ? ` · ${late} late` : ''}`;
}

export interface GroupNote {
  title: string;
  text: string;
}

/** A state's heading with its Late (Paid), Late and order counts, an optional note, then its order cards. */
export function OrderGroupSection({ group, note }: { group: OrderGroup; note?: GroupNote }) {
  const headingId = `orders-group-${group.state}`;
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`group-${group.state}`} sx={{ mb: 4 }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          mb: 1.5,
          pb: 1.25,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography
          id={headingId}
          variant="h3"
          component="h2"
          sx={{ letterSpacing: '0.04em', mr: 'auto', pr: 1, color: 'primary.main' }}
        >
          {stateLabel(group.state)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Chip
            size="small"
            data-testid="count-late-paid"
            label={`Late (Paid): ${group.latePaid}`}
            color={group.latePaid > 0 ? 'warning' : 'default'}
            variant={group.latePaid > 0 ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600 }}
          />
          <Chip
            size="small"
            data-testid="count-late"
            label={`Late: ${group.late}`}
            color={group.late > 0 ? 'error' : 'default'}
            variant={group.late > 0 ? 'filled' : 'outlined'}
            sx={{ fontWeight: 600 }}
          />
          <Chip
            size="small"
            data-testid="count-orders"
            label={groupCountLabel(group)}
            sx={{ fontWeight: 600, bgcolor: tint('ink', 0.08), color: 'primary.main' }}
          />
        </Box>
      </Box>
      {note ? (
        <Alert severity="warning" variant="outlined" sx={{ mb: 1.5, bgcolor: colors.warningSurface }}>
          <AlertTitle sx={{ fontWeight: 700 }}>{note.title}</AlertTitle>
          {note.text}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            md: 'repeat(2, minmax(0, 1fr))',
            xl: 'repeat(3, minmax(0, 1fr))',
          },
        }}
      >
        {group.orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </Box>
    </Box>
  );
}
