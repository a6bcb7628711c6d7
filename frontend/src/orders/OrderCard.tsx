import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { Box, Card, Chip, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useBrandCurrency } from '../connect';
import { formatDate } from '../shared/dates';
import { carrierName, displayIdLabel, formatMoney } from './format';
import { LateChip } from './LateChip';
import { TrackingLink } from './TrackingLink';
import type { Order } from './types';
import { tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? 'span 2' : undefined }}>
      <Typography
        component="dt"
        sx={{
          fontSize: fontSizes.micro,
          fontWeight: 600,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          color: 'text.secondary',
        }}
      >
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, mt: 0.25, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * "Payment scheduled" only for a payout Faire will make (in transit) on a date still ahead; a date that has
 * passed is Faire's estimate, not a schedule.
 */
function PayoutLine({ order }: { order: Order }) {
  if (!order.payoutExpected || !order.estimatedPayoutAt) return null;
  const upcoming = Date.parse(order.estimatedPayoutAt) > Date.now();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
      {upcoming ? 'Payment scheduled' : 'Payout estimated for'}{' '}
      <strong>{formatDate(order.estimatedPayoutAt)}</strong>
      {upcoming ? null : ' (date passed; check Faire)'}
    </Typography>
  );
}

/** One order: its Faire link, dates, customer, amount, tracking, and the problem box when it is late. */
export function OrderCard({ order }: { order: Order }) {
  const currency = useBrandCurrency();
  const label = displayIdLabel(order.displayId, order.faireOrderId);
  return (
    <Card
      component="article"
      data-testid={`order-${order.id}`}
      aria-label={`Order ${label}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        p: 2,
        gap: 1.5,
        borderColor: order.isProblem ? tint('error', 0.35) : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Link
          href={order.marketplaceUrl}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            fontWeight: 700,
            fontSize: fontSizes.lead,
            minWidth: 0,
          }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {label}
          </Box>
          <OpenInNewIcon sx={{ fontSize: iconSizes.inline }} aria-hidden />
        </Link>
        {order.isProblem ? (
          <LateChip order={order} />
        ) : order.pastExpectedShipDate ? (
          <Chip size="small" variant="outlined" color="warning" label="Past expected ship date" />
        ) : null}
      </Box>

      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          columnGap: 2,
          rowGap: 1.25,
        }}
      >
        <Field label="Order date">{formatDate(order.createdAt)}</Field>
        <Field label="Customer">{order.customerName || '-'}</Field>
        <Field label="Amount">{formatMoney(order.totalCents, order.currency ?? currency)}</Field>
        <Field label="Expected ship date">{formatDate(order.expectedShipDate)}</Field>
        <Field label="Tracking" wide>
          <TrackingLink carrier={order.carrier} trackingNumber={order.trackingNumber} />
        </Field>
        <Field label="Carrier">{carrierName(order.carrier)}</Field>
        <Field label="Shipment date">{formatDate(order.shipmentCreatedAt)}</Field>
      </Box>

      {order.isProblem ? (
        <Box
          role="note"
          aria-label="Problem"
          data-testid="problem-box"
          sx={{
            display: 'flex',
            gap: 1,
            p: 1.25,
            borderRadius: 2,
            bgcolor: tint('error', 0.06),
            border: `1px solid ${tint('error', 0.2)}`,
            mt: 'auto',
          }}
        >
          <WarningIcon color="error" sx={{ fontSize: iconSizes.large, mt: '1px' }} aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'error.dark' }}>
              {order.problemReason || 'This order needs attention'}
            </Typography>
            <PayoutLine order={order} />
          </Box>
        </Box>
      ) : null}
    </Card>
  );
}
