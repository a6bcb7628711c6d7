import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LaterCosts } from './LaterCosts';

describe('LaterCosts', () => {
  it('shows the costs another source reported later, in the shipment currency', () => {
    render(<LaterCosts shipment={{ laterCosts: [999, 1250], currency: 'USD' }} />);
    expect(screen.getByTestId('later-costs').textContent).toBe('Also reported: $9.99, $12.50');
  });

  it('shows nothing when every source agreed', () => {
    const { container } = render(<LaterCosts shipment={{ laterCosts: [], currency: 'USD' }} />);
    expect(container.textContent).toBe('');
  });
});
