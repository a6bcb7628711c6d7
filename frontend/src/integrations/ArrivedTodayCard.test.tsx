import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { ArrivedTodayCard } from './ArrivedTodayCard';
import { held, shipStation } from './testData';

afterEach(() => vi.unstubAllGlobals());

describe('ArrivedTodayCard', () => {
  it('says how many shipments arrived on their own today and how many need attention', async () => {
    mockApi({
      'GET /api/integrations': {
        body: { connections: [shipStation({ sentToday: 14, arrivedToday: 12 })], available: ['SHIPSTATION'] },
      },
      'GET /api/integrations/attention': { body: { items: [held('h-1'), held('h-2')] } },
    });
    renderScreen(<ArrivedTodayCard />, { user: annAtAcme('COMPANY_USER') });
    expect((await screen.findByTestId('arrived-today-text')).textContent).toBe(
      '12 arrived on their own today',
    );
    expect(screen.getByText('Shipments from ShipStation sent to Faire with no file to upload.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: /2 need attention/ })).getAttribute('href')).toBe(
      '/attention',
    );
    const history = screen.getByRole('link', { name: /View in history/ }).getAttribute('href') ?? '';
    expect(decodeURIComponent(history)).toBe('/dashboard?tab=history&filter={"source":"SHIPSTATION"}');
  });

  it('stays away until a source is connected', async () => {
    const fetch = mockApi({
      'GET /api/integrations': { body: { connections: [], available: ['SHIPSTATION'] } },
      'GET /api/integrations/attention': { body: { items: [] } },
    });
    renderScreen(<ArrivedTodayCard />, { user: annAtAcme() });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('arrived-today')).toBeNull();
  });
});
