import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import type { Shipment } from './api';
import { ShipmentList } from './ShipmentList';

/** The window's width, as a laptop's or a phone's (MUI's media queries read it). */
function viewport(width: number) {
  (globalThis as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport({
    width,
    height: 844,
  });
}
afterEach(() => viewport(1024));

const NAME = 'lager-export-2026-11-warehouse-north-all-carriers-final.csv';
const shipment = {
  id: 's1',
  uploadId: 'u1',
  rowNumber: 2,
  currency: 'USD',
  brandName: null,
  source: 'UPLOAD',
  sourceName: NAME,
  sources: ['UPLOAD'],
  laterCosts: [],
  orderId: 'bo_abc12345de',
  displayId: '#ABC12345DE',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  shipDate: '2026-11-20',
  shippingCost: 1250,
  uploadedAt: '2026-11-21T15:04:00.000Z',
  status: 'SUCCESS',
  errorMessage: null,
} as unknown as Shipment;

describe('History on a phone', () => {
  it('wraps a long file name on its card instead of cutting it; the table still cuts it, whole on hover', () => {
    viewport(390);
    const { unmount } = renderScreen(
      <ShipmentList shipments={[shipment]} retryingId={null} onRetry={() => {}} />,
    );
    const card = within(screen.getByTestId('shipment-card-s1'));
    const name = card.getByText(NAME);
    expect(getComputedStyle(name).textOverflow).not.toBe('ellipsis');
    expect(getComputedStyle(name).whiteSpace).not.toBe('nowrap');
    expect(getComputedStyle(name).overflowWrap).toBe('anywhere');
    unmount();

    viewport(1280);
    renderScreen(<ShipmentList shipments={[shipment]} retryingId={null} onRetry={() => {}} />);
    const cell = within(screen.getByTestId('shipment-row-s1')).getByText(NAME);
    expect(getComputedStyle(cell).textOverflow).toBe('ellipsis');
    expect(cell.parentElement?.getAttribute('title')).toBe(NAME);
  });
});
