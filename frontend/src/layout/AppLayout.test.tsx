import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ann, annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AppLayout } from './AppLayout';

afterEach(() => vi.unstubAllGlobals());

const page = (
  <AppLayout>
    <p>Open Orders content</p>
  </AppLayout>
);

describe('AppLayout gating', () => {
  it('shows the sign-in screen in place of a protected screen when signed out, URL unchanged', async () => {
    mockApi({
      'GET /api/auth/config': {
        body: { googleEnabled: true, devLoginEnabled: false, sandboxMarketplace: true },
      },
    });
    const { location } = renderScreen(page, { route: '/orders', user: null });
    expect(screen.getByRole('heading', { name: 'Faire Shipment Manager' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByText('Sandbox marketplace')).toBeTruthy();
    expect(screen.queryByText('Open Orders content')).toBeNull();
    expect(location()).toBe('/orders');
  });

  it('sends a signed-in user without a company to /no-company', () => {
    mockApi({});
    const { location } = renderScreen(page, { route: '/orders', user: ann });
    expect(location()).toBe('/no-company');
  });

  it('renders the screen in the portal frame for a company member', () => {
    mockApi({});
    renderScreen(page, { route: '/orders', user: annAtAcme('COMPANY_USER') });
    expect(screen.getByText('Open Orders content')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
  });
});
