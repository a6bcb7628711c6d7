import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { IntegrationsCard } from '../../integrations/IntegrationsCard';
import { shipStation, shopify } from '../../integrations/testData';
import type { SourceConnection } from '../../integrations/types';
import { annAtAcme } from '../../test/fixtures';
import { mockApi } from '../../test/fetchMock';
import { renderScreen } from '../../test/render';
import { toast } from '../../test/toasts';

beforeEach(() => toast.mockClear());

const STORE_URL = 'https://portal.example/api/hooks/shipstation-store/abcdefghijklmnopqrstuvwxyz012345';

function serve(connections: SourceConnection[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/integrations': () => ({ body: { connections, available: [] } }),
    ...extra,
  });
}

describe('ShipStation store mode on the card (issue 38)', () => {
  it('is off with the warning about Shopify; turning it on shows the credentials once with the steps', async () => {
    serve([shipStation(), shopify({ costRule: { kind: 'FLAT', flatCents: 500 } })], {
      'POST /api/integrations/shipstation/store': () => ({
        body: { url: STORE_URL, username: 'faire-0a1b2c3d4e5f', password: 'one-time-password' },
      }),
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const ss = within(await screen.findByTestId('connection-SHIPSTATION'));
    const section = within(ss.getByTestId('store-mode'));
    expect(section.getByText(/Store mode · Off/)).toBeTruthy();
    expect(
      section.getByText(/through Shopify, leave this off: each order would appear in ShipStation twice/),
    ).toBeTruthy();
    // Shopify's card has no store mode.
    expect(within(screen.getByTestId('connection-SHOPIFY')).queryByTestId('store-mode')).toBeNull();

    fireEvent.click(section.getByRole('button', { name: 'Turn on store mode' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add the Custom Store in ShipStation' }));
    expect(dialog.getByTestId('store-url').textContent).toBe(STORE_URL);
    expect(dialog.getByTestId('store-username').textContent).toBe('faire-0a1b2c3d4e5f');
    expect(dialog.getByTestId('store-password').textContent).toBe('one-time-password');
    expect(dialog.getByText(/it is not shown again/)).toBeTruthy();
    expect(dialog.getByText(/choose Connect a Store/)).toBeTruthy();
    expect(dialog.getAllByRole('button', { name: /^Copy / })).toHaveLength(3);
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('one-time-password')).toBeNull();
  });

  it('when on, shows the URL, and offers new credentials and turning off (confirmed)', async () => {
    let offCalls = 0;
    serve(
      [shipStation({ store: { url: STORE_URL, username: 'faire-0a1b', enabledAt: '2026-12-01T10:00:00Z' } })],
      {
        'DELETE /api/integrations/shipstation/store': () => {
          offCalls += 1;
          return { body: { ok: true } };
        },
      },
    );
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const section = within(await screen.findByTestId('store-mode'));
    expect(section.getByText(/Store mode · On/)).toBeTruthy();
    expect(section.getByTestId('store-mode-url').textContent).toContain(STORE_URL);
    expect(section.getByRole('button', { name: 'New credentials' })).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: 'Turn off' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Turn store mode off?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(offCalls).toBe(1));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Store mode turned off' })),
    );
  });

  it('a member reads whether it is on, with no buttons', async () => {
    serve([shipStation({ canManage: false })]);
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    const section = within(await screen.findByTestId('store-mode'));
    expect(section.getByText(/Store mode · Off/)).toBeTruthy();
    expect(section.queryByRole('button')).toBeNull();
  });
});
