import { parseShippingCost } from '@portal/shipment-rules';
import { formatMoney } from '../money/formatMoney';
import type { ReviewRow } from './types';

/** A valid row's cost in the brand's currency; an invalid row's cell as typed ('-' when empty). */
export function costText(row: ReviewRow, currency: string): string {
  const typed = row.shipping_cost.trim() ? row.shipping_cost : '-';
  if (!row.valid) return typed;
  const parsed = parseShippingCost(row.shipping_cost);
  return parsed.ok ? formatMoney(parsed.cents, currency) : typed;
}
