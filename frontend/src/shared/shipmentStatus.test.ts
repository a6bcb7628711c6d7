import { describe, expect, it } from 'vitest';
import { isRetryable, statusLabel, statusTone } from './shipmentStatus';

describe('shipment status', () => {
  it('labels the known statuses as the spec does', () => {
    expect(statusLabel('SUCCESS')).toBe('Success');
    expect(statusLabel('PENDING')).toBe('Pending');
    expect(statusLabel('ORDER_NOT_FOUND')).toBe('Order Not Found');
    expect(statusLabel('ORDER_STATUS_INCORRECT')).toBe('Order Status Incorrect');
    expect(statusLabel('FAILED')).toBe('Failed');
  });

  it('shows an unknown value as-is, capitalised', () => {
    expect(statusLabel('queued')).toBe('Queued');
    expect(statusLabel('in_review')).toBe('In_review');
    expect(statusLabel('INVALID')).toBe('INVALID');
    expect(statusLabel('')).toBe('');
    expect(statusTone('queued')).toBe('default');
    expect(statusTone('SUCCESS')).toBe('success');
    expect(statusTone('FAILED')).toBe('error');
  });

  it('offers Retry for failed rows only', () => {
    expect(['FAILED', 'ORDER_NOT_FOUND', 'ORDER_STATUS_INCORRECT'].every(isRetryable)).toBe(true);
    expect(['SUCCESS', 'PENDING', 'queued'].some(isRetryable)).toBe(false);
  });
});
