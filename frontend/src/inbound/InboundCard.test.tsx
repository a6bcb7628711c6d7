import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { InboundCard } from './InboundCard';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const first = 'shipments+aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@inbound.example.com';
const second = 'shipments+bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb@inbound.example.com';

describe('InboundCard', () => {
  it('creates the address, copies it, makes a new one after confirming, and sets the allowed senders', async () => {
    let view = { mailAddress: null as string | null, allowedSenders: [] as string[] };
    const fetch = mockApi({
      'GET /api/company/inbound': () => ({ body: view }),
      'POST /api/company/inbound/mail-address': () => {
        view = { ...view, mailAddress: view.mailAddress ? second : first };
        return { body: view };
      },
      'PUT /api/company/inbound/allowed-senders': (init) => {
        const body = JSON.parse(init?.body as string) as { allowedSenders: string[] };
        view = { ...view, allowedSenders: body.allowedSenders };
        return { body: view };
      },
    });
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderScreen(<InboundCard />, { user: annAtAcme() });

    fireEvent.click(await screen.findByRole('button', { name: 'Create address' }));
    expect((await screen.findByTestId('inbound-address')).textContent).toBe(first);
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Address created' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(first));

    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Make a new address?' }));
    expect(confirm.getByText(/refused from the moment/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect(screen.getByTestId('inbound-address').textContent).toBe(second));
    expect(sentBodies(fetch, 'POST /api/company/inbound/mail-address')).toHaveLength(2);
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({
        title: 'New address made',
        description: 'Mail to the old address is refused from now on.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByText(/any sender who knows the address/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit senders' }));
    fireEvent.change(screen.getByLabelText('Allowed senders'), {
      target: { value: 'Ops@Warehouse.example\nops@warehouse.example, 3pl@partner.example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save senders' }));
    expect(await screen.findByText('3pl@partner.example')).toBeTruthy();
    expect(sentBodies(fetch, 'PUT /api/company/inbound/allowed-senders')).toEqual([
      { allowedSenders: ['ops@warehouse.example', '3pl@partner.example'] },
    ]);
    expect(screen.getByText(/Only mail from these addresses/)).toBeTruthy();
  });

  it('says why when the address cannot be read', async () => {
    mockApi({
      'GET /api/company/inbound': () => ({ status: 403, body: { message: 'Forbidden', code: 'FORBIDDEN' } }),
    });
    renderScreen(<InboundCard />, { user: annAtAcme() });
    expect(await screen.findByText('Forbidden')).toBeTruthy();
  });
});
