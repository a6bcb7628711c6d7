import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock';
import { annAtAcme } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { CompanyActivityCard } from './CompanyActivityCard';

afterEach(() => vi.unstubAllGlobals());

describe('CompanyActivityCard', () => {
  it("lists the company's activity for a company admin", async () => {
    mockApi({
      'GET /api/team/activity?page=1&limit=5': {
        body: {
          items: [
            {
              id: '7',
              timestamp: new Date(2026, 0, 5, 16, 20).toISOString(),
              userId: 'u1',
              actorEmail: 'ann@example.com',
              isAdmin: false,
              companyId: 'c1',
              companyName: 'Acme',
              action: 'member.role_changed',
              target: 'bob@example.com',
            },
          ],
          total: 1,
        },
      },
    });
    renderScreen(<CompanyActivityCard pageSize={5} />, { user: annAtAcme() });
    expect(await screen.findByText('Changed a member’s role: bob@example.com')).toBeTruthy();
    expect(screen.getByText('04:20 PM')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Team Activity' })).toBeTruthy();
  });

  it('renders nothing for a company user (and asks nothing)', () => {
    const fetch = mockApi({});
    const { container } = renderScreen(<CompanyActivityCard />, { user: annAtAcme('COMPANY_USER') });
    expect(container.querySelector('section')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
