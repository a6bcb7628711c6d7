export const SHIPMENT_STATUSES = [
  'SUCCESS',
  'PENDING',
  'ORDER_NOT_FOUND',
  'ORDER_STATUS_INCORRECT',
  'FAILED',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

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
  return status === 'FAILED' || status === 'ORDER_NOT_FOUND' || status === 'ORDER_STATUS_INCORRECT';
}
