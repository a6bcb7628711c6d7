import { Typography } from '@mui/material';
import { formatMoney } from '../money/formatMoney';
import type { Shipment } from './api';

/**
 * A different cost another source reported after the first one set what Faire got (Faire locks it):
 * shown under the cost, never sent.
 */
export function LaterCosts({ shipment }: { shipment: Pick<Shipment, 'laterCosts' | 'currency'> }) {
  const costs = shipment.laterCosts ?? [];
  if (costs.length === 0) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      data-testid="later-costs"
      sx={{ display: 'block' }}
      title="Faire keeps the cost of the first report; a later source reported this"
    >
      Also reported: {costs.map((c) => formatMoney(c, shipment.currency)).join(', ')}
    </Typography>
  );
}
