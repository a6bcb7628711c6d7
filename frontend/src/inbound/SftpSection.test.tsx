import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { InboundCard } from './InboundCard';

beforeEach(() => toast.mockClear());

const key = {
  id: '7f0b2a52-4c1e-4b8e-9d0e-2f1e3c4b5a69',
  type: 'ssh-ed25519',
  fingerprint: 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU',
  comment: 'ops@3pl',
  addedAt: '2026-11-20T12:00:00.000Z',
};

describe('InboundCard: SFTP drop', () => {
  it('shows where to connect, sets a password, adds a key and removes it', async () => {
    let sftp = {
      host: 'portal.example.com',
      port: 2222,
      username: 'brand-1a2b3c4d5e6f',
      hasPassword: false,
      keys: [] as (typeof key)[],
    };
    const view = () => ({ body: { mailAddress: null, allowedSenders: [], sftp } });
    const fetch = mockApi({
      'GET /api/company/inbound': view,
      'PUT /api/company/inbound/sftp': (init) => {
        const body = JSON.parse(init?.body as string) as { password?: string; publicKey?: string };
        sftp = body.password ? { ...sftp, hasPassword: true } : { ...sftp, keys: [key] };
        return view();
      },
      [`DELETE /api/company/inbound/sftp/keys/${key.id}`]: () => {
        sftp = { ...sftp, keys: [] };
        return view();
      },
    });
    renderScreen(<InboundCard />, { user: annAtAcme() });

    expect((await screen.findByTestId('sftp-host')).textContent).toBe('portal.example.com');
    expect(screen.getByTestId('sftp-port').textContent).toBe('2222');
    expect(screen.getByTestId('sftp-username').textContent).toBe('brand-1a2b3c4d5e6f');
    expect(screen.getByText('Password: not set')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    fireEvent.change(screen.getByLabelText('SFTP password'), { target: { value: 'short' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save password' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('SFTP password'), { target: { value: 'a-long-sftp-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password: set')).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/company/inbound/sftp')).toEqual([
      { password: 'a-long-sftp-password' },
    ]);
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'SFTP password saved' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add public key' }));
    fireEvent.change(screen.getByLabelText('Public key'), {
      target: { value: '  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ops@3pl\n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
    expect(await screen.findByText(key.fingerprint)).toBeTruthy();
    expect(screen.getByText(/ssh-ed25519 · ops@3pl · added Nov 20, 2026/)).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/company/inbound/sftp')[1]).toEqual({
      publicKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB ops@3pl',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove key ops@3pl' }));
    await waitFor(() => expect(screen.queryByText(key.fingerprint)).toBeNull());
    expect(screen.getByText('No keys yet.')).toBeTruthy();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Public key removed' }));
  });

  it('says why a key was not added', async () => {
    mockApi({
      'GET /api/company/inbound': () => ({
        body: {
          mailAddress: null,
          allowedSenders: [],
          sftp: { host: 'h', port: 2222, username: 'brand-x', hasPassword: true, keys: [] },
        },
      }),
      'PUT /api/company/inbound/sftp': () => ({
        status: 400,
        body: {
          message: 'That is a private key: paste the public key (the .pub file) only',
          code: 'VALIDATION_FAILED',
        },
      }),
    });
    renderScreen(<InboundCard />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: 'Add public key' }));
    fireEvent.change(screen.getByLabelText('Public key'), {
      target: { value: '-----BEGIN OPENSSH PRIVATE KEY-----' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({
          title: 'Key not added',
          description: expect.stringMatching(/private key/),
        }),
      ),
    );
  });
});
