import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../../test/fixtures';
import { mockApi, sentBodies } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { IntegrationsCard } from '../../integrations/IntegrationsCard';
import { shopifyOutcome } from './ConnectShopifyForm';

afterEach(() => vi.unstubAllGlobals());

describe('connecting Shopify from the Integrations card', () => {
  it('asks for the myshopify.com domain, then sends the browser to Shopify', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...globalThis.location, search: '', assign });
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections: [], available: ['SHIPSTATION', 'SHOPIFY'] } }),
      'POST /api/integrations/shopify': () => ({
        body: { authorizeUrl: 'http://localhost:4030/admin/oauth/authorize?client_id=x&state=y' },
      }),
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHOPIFY'));
    expect(row.getByText(/Each fulfilment of a Faire order in Shopify/)).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Connect Shopify' }));
    const form = within(screen.getByRole('form', { name: 'Connect Shopify' }));
    const go = form.getByRole('button', { name: 'Continue to Shopify' });
    fireEvent.change(form.getByLabelText(/Shop domain/), { target: { value: 'my-shop.com' } });
    expect(go.hasAttribute('disabled')).toBe(true);
    expect(form.getByText('Use the shop’s myshopify.com address')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/Shop domain/), {
      target: { value: ' https://My-Shop.myshopify.com/ ' },
    });
    expect(go.hasAttribute('disabled')).toBe(false);
    fireEvent.click(go);
    await vi.waitFor(() => expect(assign).toHaveBeenCalled());
    expect(assign).toHaveBeenCalledWith('http://localhost:4030/admin/oauth/authorize?client_id=x&state=y');
    expect(sentBodies(fetch, 'POST /api/integrations/shopify')).toEqual([{ shop: 'my-shop.myshopify.com' }]);
  });

  it("shows a refusal under the field (another company's shop)", async () => {
    vi.stubGlobal('location', { ...globalThis.location, search: '', assign: vi.fn() });
    mockApi({
      'GET /api/integrations': () => ({ body: { connections: [], available: ['SHOPIFY'] } }),
      'POST /api/integrations/shopify': () => ({
        status: 409,
        body: { code: 'CONFLICT', message: 'taken.myshopify.com is connected to another company' },
      }),
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHOPIFY'));
    fireEvent.click(row.getByRole('button', { name: 'Connect Shopify' }));
    const form = within(screen.getByRole('form', { name: 'Connect Shopify' }));
    fireEvent.change(form.getByLabelText(/Shop domain/), { target: { value: 'taken.myshopify.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Continue to Shopify' }));
    expect((await form.findByTestId('connect-error')).textContent).toBe(
      'taken.myshopify.com is connected to another company',
    );
  });

  it("reads Shopify's return to Settings", () => {
    expect(shopifyOutcome('?tab=settings&integration=shopify&outcome=connected')).toEqual({
      severity: 'success',
      text: 'Shopify connected.',
    });
    expect(
      shopifyOutcome('?integration=shopify&outcome=error&message=This+connection+link+is+no+longer+valid.'),
    ).toEqual({ severity: 'error', text: 'This connection link is no longer valid.' });
    expect(shopifyOutcome('?tab=settings')).toBeNull();
  });
});
