import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REVIEW_ROW_LIMIT } from './csvParse';
import { ReviewModal, type ReviewModalProps } from './ReviewModal';
import type { ReviewRow } from './types';

const valid: ReviewRow = {
  row: 2,
  order_id: 'bo_abc12345de',
  displayId: '#ABC12345DE',
  tracking_number: '1Z999AA10123456784',
  carrier: 'UPS',
  ship_date: '2026-11-20',
  shipDate: '2026-11-20T00:00:00.000Z',
  shipping_cost: '$12.50',
  valid: true,
  warnings: ['Ship date is more than 1 year old'],
};
const withMessage: ReviewRow = {
  ...valid,
  row: 3,
  order_id: 'XYZ',
  displayId: '-',
  valid: false,
  validation: 'Order ID too short',
  warnings: [],
};
const withoutMessage: ReviewRow = { ...valid, row: 4, valid: false, validation: '', warnings: [] };

function renderModal(patch: Partial<ReviewModalProps> = {}) {
  const props: ReviewModalProps = {
    open: true,
    fileName: 'march.csv',
    totalRows: 3,
    validRows: 1,
    invalidRows: 2,
    rows: [valid, withMessage, withoutMessage],
    processing: false,
    onCancel: vi.fn(),
    onProcess: vi.fn(),
    ...patch,
  };
  return { ...render(<ReviewModal {...props} />), props };
}

describe('ReviewModal', () => {
  it('is not rendered when closed', () => {
    renderModal({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Review Shipment Data')).toBeNull();
  });

  it('shows the file, the totals and each row; invalid rows show their message or Invalid', () => {
    const { props } = renderModal();
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Review Shipment Data')).toBeTruthy();
    expect(dialog.getByText('Confirm the data before submitting to Faire API')).toBeTruthy();
    expect(dialog.getByTestId('review-file-name').textContent).toBe('march.csv');
    expect(dialog.getByTestId('review-total-rows').textContent).toBe('3');
    expect(dialog.getByTestId('review-valid').textContent).toBe('1');
    expect(dialog.getByTestId('review-issues').textContent).toBe('2');
    for (const h of [
      'Row',
      'Order ID',
      'Display ID',
      'Tracking #',
      'Carrier',
      'Ship Date',
      'Shipping Cost',
      'Validation',
    ]) {
      expect(dialog.getByRole('columnheader', { name: h })).toBeTruthy();
    }
    const first = within(dialog.getByTestId('review-row-2'));
    expect(first.getByText('#ABC12345DE')).toBeTruthy();
    expect(first.getByText('Nov 20, 2026')).toBeTruthy();
    expect(first.getByText('$12.50')).toBeTruthy();
    expect(first.getByTestId('row-warning')).toBeTruthy();
    expect(dialog.getByTestId('review-row-3').getAttribute('data-invalid')).toBe('true');
    expect(within(dialog.getByTestId('review-row-3')).getByTestId('row-validation').textContent).toBe(
      'Order ID too short',
    );
    expect(within(dialog.getByTestId('review-row-4')).getByTestId('row-validation').textContent).toBe(
      'Invalid',
    );
    expect(
      dialog.getByText('Each order will be validated against the marketplace API before shipment creation'),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Process Shipments' }));
    expect(props.onProcess).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables Process when there are no valid rows', () => {
    renderModal({ validRows: 0, rows: [withMessage] });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Process Shipments' }).disabled).toBe(true);
  });

  it("reads 'Processing...' and disables both buttons while running", () => {
    renderModal({ processing: true });
    expect(screen.queryByRole('button', { name: 'Process Shipments' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Processing...' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
  });

  it('renders only the first rows of a big file (500 by default)', () => {
    expect(REVIEW_ROW_LIMIT).toBe(500);
    const rows = Array.from({ length: 8 }, (_, i) => ({ ...valid, row: i + 2, warnings: [] }));
    renderModal({ rows, totalRows: 12000, validRows: 12000, invalidRows: 0, rowLimit: 5 });
    expect(screen.getByTestId('review-truncated').textContent).toBe('Showing the first 5 of 12,000 rows');
    expect(screen.getByTestId('review-row-6')).toBeTruthy();
    expect(screen.queryByTestId('review-row-7')).toBeNull();
  });

  it("shows valid rows' costs in the brand's currency", () => {
    renderModal({ currency: 'GBP' });
    expect(screen.getByText('£12.50')).toBeTruthy();
    // Invalid rows keep their cell as typed.
    expect(screen.getAllByText('$12.50')).toHaveLength(2);
  });
});
