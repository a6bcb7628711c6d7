import { RETRYABLE_SHIPMENT_STATUSES, SHIPMENT_STATUSES, type ShipmentStatus } from '@portal/shipment-rules';

export { SHIPMENT_STATUSES, type ShipmentStatus };

const LABELS: Record<ShipmentStatus, string> = {
  SUCCESS: 'Success',
  PENDING: 'Pending',
  ORDER_NOT_FOUND: 'Order Not Found',
  ORDER_STATUS_INCORRECT: 'Order Status Incorrect',
  FAILED: 'Failed',
};

export type StatusTone = 'success' | 'info' | 'warning' | 'error' | 'default';

const TONES: Record<ShipmentStatus, StatusTone> = {
  SUCCESS: 'success',
  PENDING: 'info',
  ORDER_NOT_FOUND: 'warning',
  ORDER_STATUS_INCORRECT: 'warning',
  FAILED: 'error',
};

function isKnownStatus(status: string): status is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(status);
}

/** The spec's label for a status; an unknown value as-is with its first letter capitalised. */
export function statusLabel(status: string | null | undefined): string {
  const value = status ?? '';
  if (isKnownStatus(value)) return LABELS[value];
  return value.charAt(0).toUpperCase() + value.slice(1);
}

export function statusTone(status: string): StatusTone {
  return isKnownStatus(status) ? TONES[status] : 'default';
}

/** Statuses the Retry action is offered for (spec section 4). */
export function isRetryable(status: string): boolean {
  return (RETRYABLE_SHIPMENT_STATUSES as readonly string[]).includes(status);
}
