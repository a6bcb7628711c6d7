import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IntegrationsCard } from '../integrations/IntegrationsCard';
import { rowsWord, undoneWords } from '../integrations/format';
import { shipStation } from '../integrations/testData';
import { sourceName } from '../shared/sources';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { CONNECTORS, connectorNames, connectorUi, connectReturn, knownKinds } from './registry';
import { connectorsProvider } from './provider';

afterEach(() => vi.unstubAllGlobals());

describe('the connector registry', () => {
  it.each(CONNECTORS.map((c) => [c.kind, c] as const))('%s has a complete entry', (kind, entry) => {
    const c = connectorUi(kind);
    expect(c).toBe(entry);
    expect(c.kind).toBe(kind);
    for (const text of [c.name, c.blurb, c.words.row, c.words.rows, c.words.arrives, c.words.undone]) {
      expect(text.trim()).not.toBe('');
    }
    expect(c.words.disconnect(c.name)).toContain(c.name);
    expect(typeof c.hasOwnCost).toBe('boolean');
    expect(c.ConnectForm).toBeTypeOf('function');
    expect(c.replace?.label.trim()).toBeTruthy();
    expect(Object.keys(c.actions).length).toBeGreaterThan(0);
    for (const name of Object.keys(c.actions)) expect(connectorsProvider.actions).toHaveProperty(name);
    expect(sourceName(kind)).toBe(c.name);
  });

  it('knows each kind once', () => {
    expect(new Set(knownKinds).size).toBe(CONNECTORS.length);
    expect(knownKinds).toEqual(['SHIPSTATION', 'SHOPIFY']);
    expect(connectorNames()).toBe('ShipStation or Shopify');
  });

  it('gives a kind this build does not know its name in words, a label’s words and no form', () => {
    const c = connectorUi('NEW_SOURCE');
    expect(c.name).toBe('New source');
    expect(sourceName('NEW_SOURCE')).toBe('New source');
    expect(c.blurb).toBe('Shipments from New source reach Faire with no file to upload.');
    expect(c.words).toMatchObject({ row: 'label', rows: 'labels', undone: 'voided' });
    expect(c.hasOwnCost).toBe(true);
    expect(c.ConnectForm).toBeUndefined();
    expect(c.replace).toBeUndefined();
    expect(connectorUi(undefined).words.row).toBe('label');
    expect(rowsWord(2, ['NEW_SOURCE', 'SHOPIFY'])).toBe('labels and fulfilments');
    expect(undoneWords(['SHOPIFY', 'NEW_SOURCE'])).toBe('voided or cancelled');
  });

  it('reads a return to Settings only from the connector that sent it', () => {
    expect(connectReturn('?integration=shopify&outcome=connected')).toEqual({
      kind: 'SHOPIFY',
      severity: 'success',
      text: 'Shopify connected.',
    });
    expect(connectReturn('?tab=settings')).toBeNull();
  });

  it('shows a source the server has and this build does not, without a form to connect it', async () => {
    vi.stubGlobal('location', { ...globalThis.location, search: '' });
    mockApi({
      'GET /api/integrations': () => ({
        body: {
          connections: [shipStation({ id: 'c0ffee00-0000-4000-8000-000000000009', kind: 'NEW_SOURCE' })],
          available: ['SHIPSTATION', 'NEW_SOURCE', 'OTHER_SOURCE'],
        },
      }),
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const connected = within(await screen.findByTestId('source-NEW_SOURCE'));
    expect(connected.getByRole('heading', { name: 'New source' })).toBeTruthy();
    expect(connected.getByText('Connected')).toBeTruthy();
    expect(connected.getByText('When a label is printed')).toBeTruthy();
    expect(connected.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
    expect(connected.queryByRole('button', { name: 'Update key' })).toBeNull();
    const other = within(screen.getByTestId('source-OTHER_SOURCE'));
    expect(other.getByText('Shipments from Other source reach Faire with no file to upload.')).toBeTruthy();
    expect(other.getByText('Reload the page to connect Other source.')).toBeTruthy();
    expect(other.queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect ShipStation' })).toBeTruthy();
  });
});
