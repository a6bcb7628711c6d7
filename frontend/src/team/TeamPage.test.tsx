import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme/theme';
import { annActivity, annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import type { ActivityItem } from '../admin/api';
import type { TeamMember } from './api';
import { MembersList } from './MembersList';
import { TeamPage } from './TeamPage';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const base = { createdAt: '2026-01-05T10:00:00Z', isCurrentUser: false, invitationExpiresAt: null };
const members: TeamMember[] = [
  {
    ...base,
    id: 'a',
    role: 'COMPANY_ADMIN',
    status: 'ACTIVE',
    user: { name: 'Ann', email: 'ann@example.com' },
    isCurrentUser: true,
  },
  {
    ...base,
    id: 'b',
    role: 'COMPANY_USER',
    status: 'INVITED',
    user: { name: null, email: 'bob@example.com' },
  },
  {
    ...base,
    id: 'c',
    role: 'COMPANY_USER',
    status: 'PENDING',
    user: { name: 'Cy', email: 'cy@example.com' },
  },
];

const otherAdmin: TeamMember = {
  ...base,
  id: 'd',
  role: 'COMPANY_ADMIN',
  status: 'ACTIVE',
  user: { name: 'Dee', email: 'dee@example.com' },
};

function renderList(canManage: boolean) {
  render(
    <ThemeProvider theme={theme}>
      <MembersList
        members={members}
        canManage={canManage}
        busyId={null}
        onRoleChange={vi.fn()}
        onResend={vi.fn()}
        onRemove={vi.fn()}
      />
    </ThemeProvider>,
  );
  return (id: string) => within(screen.getByTestId(`member-row-${id}`));
}

describe('MembersList', () => {
  it('offers a role select only on ACTIVE rows, Resend only on INVITED ones', () => {
    const row = renderList(true);
    expect(row('a').getByRole('combobox', { name: 'Role of Ann' }).textContent).toBe('Admin');
    expect(row('b').queryByRole('combobox')).toBeNull();
    expect(row('b').getByText('User')).toBeTruthy();
    expect(row('c').queryByRole('combobox')).toBeNull();
    expect(row('b').getByRole('button', { name: 'Resend invitation to bob@example.com' })).toBeTruthy();
    expect(row('a').queryByRole('button', { name: /Resend/ })).toBeNull();
    for (const id of ['a', 'b', 'c']) expect(row(id).getByRole('button', { name: /^Remove / })).toBeTruthy();
    expect(row('a').getByText('(you)')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy();
  });

  it('is read-only for members who do not manage the team', () => {
    const row = renderList(false);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(row('a').getByText('Admin')).toBeTruthy();
  });
});

describe('TeamPage', () => {
  it('asks before removing, then removes and refetches the list and the team activity', async () => {
    let list = members;
    let activity: ActivityItem[] = [];
    const fetch = mockApi({
      'GET /api/team/members': () => ({ body: list }),
      'GET /api/team/activity?page=1&limit=10': () => ({ body: { items: activity, total: activity.length } }),
      'DELETE /api/team/members/c': () => {
        list = members.slice(0, 2);
        activity = [annActivity({ id: '9', action: 'member.removed', target: 'cy@example.com' })];
        return { body: { ok: true } };
      },
    });
    renderScreen(<TeamPage />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Cy' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('member-row-c')).toBeNull());
    expect(toast).toHaveBeenCalledWith({ title: 'Member removed', variant: 'success' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = screen.getByRole('region', { name: 'Team Activity' });
    expect(await within(card).findByText(/cy@example\.com/)).toBeTruthy();
  });

  it('asks before you give up your own admin role or remove yourself', async () => {
    const fetch = mockApi({
      'GET /api/team/members': { body: [...members, otherAdmin] },
      'PATCH /api/team/members/a/role': { body: { ok: true } },
    });
    renderScreen(<TeamPage />, { user: annAtAcme() });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Role of Ann' }));
    fireEvent.click(await screen.findByRole('option', { name: 'User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give up your admin role?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of Ann' }));
    fireEvent.click(await screen.findByRole('option', { name: 'User' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Give up your admin role?' })).getByRole('button', {
        name: 'Make me a User',
      }),
    );
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    expect(await screen.findByRole('dialog', { name: 'Remove yourself?' })).toBeTruthy();
  });

  it('says you are the only admin before asking, instead of failing after the confirmation', async () => {
    const fetch = mockApi({ 'GET /api/team/members': { body: members } });
    renderScreen(<TeamPage />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Ann' }));
    const dialog = await screen.findByRole('dialog', { name: 'You are the only admin' });
    expect(within(dialog).getByTestId('only-admin-text').textContent).toBe(
      'You are the only company admin of Acme. Make another member an admin first, so someone can still manage the team.',
    );
    expect(screen.queryByRole('dialog', { name: 'Remove yourself?' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of Ann' }));
    fireEvent.click(await screen.findByRole('option', { name: 'User' }));
    expect(await screen.findByRole('dialog', { name: 'You are the only admin' })).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE' || init?.method === 'PATCH')).toBe(
      false,
    );
  });

  it('shows the development mail outbox with accept links when the server has one', async () => {
    mockApi({
      'GET /api/team/members': { body: members },
      'GET /api/team/outbox': {
        body: [
          {
            id: 'o1',
            to: 'bob@example.com',
            subject: 'You are invited to Acme',
            text: 'Join us',
            link: 'http://localhost:5173/accept-invite?token=t1',
            createdAt: '2026-01-05T10:00:00Z',
          },
        ],
      },
    });
    renderScreen(<TeamPage />, { user: annAtAcme() });
    const card = await screen.findByRole('region', { name: 'Development mail outbox' });
    expect(within(card).getByRole('link', { name: 'Open link' }).getAttribute('href')).toBe(
      'http://localhost:5173/accept-invite?token=t1',
    );
  });

  it('says in the outbox which invitation links were used, replaced or withdrawn, and offers only live ones', async () => {
    const mail = (id: string, to: string, linkState: string) => ({
      id,
      to,
      subject: 'You are invited to Acme',
      text: 'Join us',
      link: `http://localhost:5173/accept-invite?token=${id}`,
      createdAt: `2026-01-0${id.length}T10:00:00Z`,
      linkState,
    });
    mockApi({
      'GET /api/team/members': { body: members },
      'GET /api/team/outbox': {
        body: [
          mail('live', 'bob@example.com', 'ACTIVE'),
          mail('used1', 'cy@example.com', 'USED'),
          mail('gone22', 'dan@example.com', 'WITHDRAWN'),
        ],
      },
    });
    renderScreen(<TeamPage />, { user: annAtAcme() });
    const card = within(await screen.findByRole('region', { name: 'Development mail outbox' }));
    const items = await card.findAllByTestId('outbox-mail');
    const byTo = (to: string) => within(items.find((el) => el.textContent?.includes(to)) as HTMLElement);
    expect(byTo('bob@example.com').getByRole('link', { name: 'Open link' })).toBeTruthy();
    expect(byTo('cy@example.com').getByTestId('outbox-link-state').textContent).toBe('Used');
    expect(byTo('cy@example.com').queryByRole('link', { name: 'Open link' })).toBeNull();
    expect(byTo('dan@example.com').getByText(/withdrawn: this link no longer works/)).toBeTruthy();
    expect(byTo('dan@example.com').queryByRole('link')).toBeNull();
  });

  it('hides Invite User and the outbox from a COMPANY_USER', async () => {
    const fetch = mockApi({ 'GET /api/team/members': { body: members } });
    renderScreen(<TeamPage />, { user: annAtAcme('COMPANY_USER') });
    await screen.findByTestId('member-row-a');
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/team/outbox');
  });

  it('is read-only for a platform admin who is a COMPANY_USER, as the server refuses them (403)', async () => {
    const fetch = mockApi({ 'GET /api/team/members': { body: members } });
    renderScreen(<TeamPage />, { user: { ...annAtAcme('COMPANY_USER'), isAdmin: true } });
    await screen.findByTestId('member-row-a');
    expect(screen.queryByRole('button', { name: 'Invite User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(
      screen.getByText('Only company admins can invite, remove or change the role of members.'),
    ).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/team/outbox');
  });
});
