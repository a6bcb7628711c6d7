import { Chip, Tooltip } from '@mui/material';
import type { Order } from './types';

/** The one rule behind "Late (Paid)" and "Late", as the tooltip says it. */
export const LATE_PAID_HELP =
  'Late (Paid): late, but the carrier has scanned the parcel and Faire has scheduled the payout. ' +
  'Late: late and not paid out yet; Faire pays out only once the carrier scans the parcel (never in pre-transit).';

export function isLatePaid(order: Pick<Order, 'isProblem' | 'payoutExpected'>): boolean {
  return order.isProblem && order.payoutExpected;
}

/** "Late (Paid)" or "Late" on a problem order, with the rule in a tooltip. */
export function LateChip({ order }: { order: Order }) {
  if (!order.isProblem) return null;
  const paid = isLatePaid(order);
  return (
    <Tooltip title={LATE_PAID_HELP}>
      <Chip
        size="small"
        color={paid ? 'warning' : 'error'}
        label={paid ? 'Late (Paid)' : 'Late'}
        sx={{ fontWeight: 600 }}
        tabIndex={0}
      />
    </Tooltip>
  );
}
