import { fireEvent, screen } from '@testing-library/react';
import type { DataProvider, GetListParams, GetListResult } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { mockApi } from '../test/fetchMock';
import { annActivity, annAtAcme } from '../test/fixtures';
import { renderScreen } from '../test/render';
import type { ActivityItem } from './api';
import { CompanyActivityCard } from './CompanyActivityCard';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyActivityCard', () => {
  it("lists the company's activity for a company admin", async () => {
    mockApi({
      'GET /api/team/activity?page=1&limit=5': {
        body: {
          items: [annActivity({ id: '7', action: 'member.role_changed', target: 'bob@example.com' })],
          total: 1,
        },
      },
    });
    renderScreen(<CompanyActivityCard pageSize={5} />, { user: annAtAcme() });
    expect(await screen.findByText('Changed a member’s role: bob@example.com')).toBeTruthy();
    expect(screen.getByText('04:20 PM')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Team Activity' })).toBeTruthy();
  });

  it('shows what a source did with the source as the actor, and each person with their role', async () => {
    mockApi({
      'GET /api/team/activity?page=1&limit=5': {
        body: {
          items: [
            annActivity({
              id: '8',
              action: 'sources.received',
              userId: null,
              actorEmail: null,
              actorRole: null,
              target: 'ShipStation',
              details: { source: 'ShipStation', sent: 2, alreadyOnFaire: 1 },
            }),
            annActivity({ id: '9', action: 'sources.sent', actorRole: 'COMPANY_ADMIN', target: '3 item(s)' }),
            annActivity({
              id: '10',
              action: 'shipments.uploaded',
              actorRole: 'COMPANY_USER',
              target: 'a.csv',
            }),
          ],
          total: 3,
        },
      },
    });
    renderScreen(<CompanyActivityCard pageSize={5} />, { user: annAtAcme() });
    const bySource = await screen.findByTestId('activity-8');
    expect(bySource.querySelector('[data-actor]')?.getAttribute('data-actor')).toBe('ShipStation');
    expect(bySource.textContent).toContain(
      'Shipments arrived on their own: ShipStation (2 sent, 1 already on Faire)',
    );
    expect(bySource.textContent).not.toContain('User');
    const actor = (id: string) =>
      screen.getByTestId(`activity-${id}`).querySelector('[data-actor]')?.getAttribute('data-actor');
    expect(actor('9')).toBe('Company admin');
    expect(actor('10')).toBe('User');
    expect(screen.getByTestId('activity-9').textContent).toContain('Sent held labels to Faire: 3 items');
  });

  it("reads the data provider's `activity` list a page at a time", async () => {
    const entry = (page: number): ActivityItem =>
      annActivity({
        id: String(page),
        timestamp: new Date(2026, 0, 5, 9, 0).toISOString(),
        action: 'member.role_changed',
        target: `page${page}@example.com`,
        details: {},
      });
    const getList = vi.fn((_resource: string, params: GetListParams): Promise<GetListResult> =>
      Promise.resolve({ data: [entry(params.pagination?.page ?? 0)], total: 12 }),
    );
    const fetch = mockApi({});
    renderScreen(<CompanyActivityCard pageSize={5} />, {
      user: annAtAcme(),
      dataProvider: { ...dataProvider, getList: getList as DataProvider['getList'] },
    });
    expect(await screen.findByText('Changed a member’s role: page1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Changed a member’s role: page2@example.com')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(getList.mock.calls.map(([resource, params]) => [resource, params.pagination])).toEqual([
      ['activity', { page: 1, perPage: 5 }],
      ['activity', { page: 2, perPage: 5 }],
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renders nothing for a company user (and asks nothing)', () => {
    const fetch = mockApi({});
    const { container } = renderScreen(<CompanyActivityCard />, { user: annAtAcme('COMPANY_USER') });
    expect(container.querySelector('section')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
