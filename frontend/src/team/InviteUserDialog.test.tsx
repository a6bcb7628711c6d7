import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { InviteUserDialog } from './InviteUserDialog';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const member = {
  id: 'm9',
  role: 'COMPANY_USER',
  status: 'INVITED',
  createdAt: '2026-01-05T10:00:00Z',
  user: { name: null, email: 'bob@example.com' },
  isCurrentUser: false,
  invitationExpiresAt: null,
};

function renderDialog() {
  const onClose = vi.fn();
  renderScreen(<InviteUserDialog open onClose={onClose} />, { user: annAtAcme() });
  return { onClose };
}

describe('InviteUserDialog', () => {
  it("refuses an empty email with 'Email required' and calls no API", () => {
    const fetch = mockApi({});
    renderDialog();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    expect(toast).toHaveBeenCalledWith({
      title: 'Email required',
      description: 'Please enter an email address',
      variant: 'destructive',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('defaults the role to COMPANY_USER and sends it with the email', async () => {
    const fetch = mockApi({ 'POST /api/team/invite': { body: member } });
    const { onClose } = renderDialog();
    expect(screen.getByRole('combobox', { name: 'Role' }).textContent).toBe('User');
    expect((document.querySelector('input[name="role"]') as HTMLInputElement).value).toBe('COMPANY_USER');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' bob@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBodies(fetch, 'POST /api/team/invite')).toEqual([
      { email: 'bob@example.com', role: 'COMPANY_USER' },
    ]);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Invitation sent', variant: 'success' }),
    );
  });

  it('says where the invitation went: emailed, or only kept in the outbox when nothing was mailed', async () => {
    mockApi({ 'POST /api/team/invite': { body: { ...member, invitationDelivery: 'OUTBOX' } } });
    const { onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toast).toHaveBeenCalledWith({
      title: 'Invitation sent',
      description:
        'No mail server is set up, so nothing was emailed: the invitation link for bob@example.com is in the Development mail outbox below',
      variant: 'success',
    });
  });

  it("shows 'Failed to invite user' with the server message", async () => {
    mockApi({
      'POST /api/team/invite': { status: 409, body: { message: 'Already a member', code: 'CONFLICT' } },
    });
    const { onClose } = renderDialog();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Failed to invite user',
        description: 'Already a member',
        variant: 'destructive',
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
