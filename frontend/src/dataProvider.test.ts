import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/request';
import { dataProvider } from './dataProvider';
import { shipmentsListUrl } from './shipments';
import { activityListUrl } from './team';
import { mockApi, sentBodies } from './test/fetchMock';

afterEach(() => vi.unstubAllGlobals());

const tz = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
const list = (resource: string, params: Record<string, unknown>) =>
  dataProvider.getList(resource, {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'id', order: 'ASC' },
    filter: {},
    ...params,
  });

describe('dataProvider query strings', () => {
  it('sends the history filters and page with the server names, leaving empty ones out', () => {
    expect(shipmentsListUrl({ pagination: { page: 3, perPage: 50 }, filter: {} })).toBe(
      '/api/shipments?page=3&limit=50',
    );
    expect(
      shipmentsListUrl({
        pagination: { page: 1, perPage: 50 },
        filter: { search: ' 1Z99 ', status: 'FAILED', dateFrom: '2026-11-01', dateTo: '', uploadId: 'u-1' },
      }),
    ).toBe(
      `/api/shipments?page=1&limit=50&search=1Z99&status=FAILED&dateFrom=2026-11-01&uploadId=u-1&timeZone=${tz}`,
    );
  });

  it('pages the team activity and filters it by action', () => {
    expect(
      activityListUrl({ pagination: { page: 2, perPage: 20 }, filter: { action: 'invitation.sent' } }),
    ).toBe('/api/team/activity?page=2&limit=20&action=invitation.sent');
  });
});

describe('dataProvider.getList', () => {
  it('maps {shipments,total,totalCapped} to {data,total,meta}', async () => {
    mockApi({
      'GET /api/shipments?page=2&limit=50&status=PENDING': {
        body: { shipments: [{ id: 's1' }, { id: 's2' }], total: 10000, totalCapped: true },
      },
    });
    const res = await list('shipments', {
      pagination: { page: 2, perPage: 50 },
      filter: { status: 'PENDING' },
    });
    expect(res.data.map((s: { id: string }) => s.id)).toEqual(['s1', 's2']);
    expect(res.total).toBe(10000);
    expect(res.meta).toEqual({ totalCapped: true });
  });

  it('maps {orders,total} and sends search, filters, sort and page as GET /api/orders asks', async () => {
    const fetch = mockApi({
      'GET /api/orders?search=%23AB12&state=NEW&late=true&sort=expectedShipDate&order=DESC&page=1&perPage=25':
        {
          body: { orders: [{ id: 'o1' }], total: 31 },
        },
    });
    const res = await list('orders', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'expectedShipDate', order: 'DESC' },
      filter: { q: '#AB12', state: 'NEW', late: 'true' },
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(res).toMatchObject({ data: [{ id: 'o1' }], total: 31 });
  });

  it('maps the members array and the activity {items,total}', async () => {
    mockApi({
      'GET /api/team/members': { body: [{ id: 'm1' }, { id: 'm2' }] },
      'GET /api/team/activity?page=1&limit=50': { body: { items: [{ id: 'a1' }], total: 7 } },
    });
    expect(await list('members', {})).toEqual({ data: [{ id: 'm1' }, { id: 'm2' }], total: 2 });
    expect(await list('activity', {})).toEqual({ data: [{ id: 'a1' }], total: 7 });
  });

  it("raises the server's error (an ApiError with its message) and refuses unknown resources", async () => {
    mockApi({ 'GET /api/shipments?page=1&limit=50': { status: 403, body: { message: 'No company' } } });
    const err = await list('shipments', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).userMessage).toBe('No company');
    await expect(list('invoices', {})).rejects.toThrow('Unknown resource: invoices');
    await expect(dataProvider.getOne('orders', { id: 'o1' })).rejects.toThrow('getOne is not offered');
  });
});

describe('dataProvider actions', () => {
  it('calls one endpoint each, ids escaped, bodies as JSON', async () => {
    const fetch = mockApi({
      'POST /api/shipments/a%2Fb/retry': { body: { success: true, status: 'SUCCESS' } },
      'POST /api/orders/refresh': { body: { message: 'Orders refreshed' } },
      'PATCH /api/team/members/m1/role': { body: { id: 'm1', role: 'COMPANY_USER' } },
      'POST /api/shipments/process': { body: { results: [] } },
      'DELETE /api/team/members/m2': { status: 204 },
      'POST /api/team/resend-invite/m3': { body: { ok: true } },
      'POST /api/team/invite': { body: { id: 'm4' } },
      'POST /api/shipments/uploads/u%201/retry-failed': { body: { retried: 3 } },
      'POST /api/shipments/upload': { body: { filename: 'a.csv' } },
    });
    expect(await dataProvider.retryFailedRows('u 1')).toEqual({ retried: 3 });
    const form = new FormData();
    form.append('csv', new Blob(['a,b']), 'a.csv');
    expect(await dataProvider.uploadShipments(form)).toEqual({ filename: 'a.csv' });
    expect(fetch.mock.calls.find(([url]) => url === '/api/shipments/upload')?.[1]?.body).toBe(form);
    expect(await dataProvider.retryShipment('a/b')).toEqual({ success: true, status: 'SUCCESS' });
    expect(await dataProvider.refreshOrders()).toEqual({ message: 'Orders refreshed' });
    await dataProvider.changeMemberRole('m1', 'COMPANY_USER');
    await dataProvider.processShipments({ shipments: [], fileName: 'a.csv' });
    await dataProvider.removeMember('m2');
    await dataProvider.resendInvite('m3');
    await dataProvider.inviteMember({ email: 'x@example.com', role: 'COMPANY_USER' });
    expect(sentBodies(fetch, 'PATCH /api/team/members/m1/role')).toEqual([{ role: 'COMPANY_USER' }]);
    expect(sentBodies(fetch, 'POST /api/shipments/process')).toEqual([{ shipments: [], fileName: 'a.csv' }]);
    expect(sentBodies(fetch, 'POST /api/team/invite')).toEqual([
      { email: 'x@example.com', role: 'COMPANY_USER' },
    ]);
    expect(fetch).toHaveBeenCalledTimes(9);
  });
});

describe('dataProvider: integrations', () => {
  it('pages the held labels it is answered whole, and filters them by reason', async () => {
    mockApi({
      'GET /api/integrations/attention': {
        body: {
          items: [
            { id: 'a', reason: 'NO_COST' },
            { id: 'b', reason: 'NO_MATCH' },
            { id: 'c', reason: 'NO_COST' },
          ],
        },
      },
    });
    const page2 = await list('attention', { pagination: { page: 2, perPage: 1 } });
    expect(page2.data.map((i: { id: string }) => i.id)).toEqual(['b']);
    expect(page2.total).toBe(3);
    const noCost = await list('attention', { filter: { reason: 'NO_COST' } });
    expect(noCost.data.map((i: { id: string }) => i.id)).toEqual(['a', 'c']);
    expect(noCost.total).toBe(2);
  });

  it('connects, changes, disconnects, sends and dismisses with one call each', async () => {
    const fetch = mockApi({
      'POST /api/integrations/shipstation': { body: { id: 'c1' } },
      'PATCH /api/integrations/c%2F1': { body: { id: 'c/1' } },
      'DELETE /api/integrations/c%2F1': { body: { ok: true } },
      'POST /api/integrations/attention/send': { body: { sent: 1 } },
      'POST /api/integrations/attention/dismiss': { body: { dismissed: 2 } },
    });
    await dataProvider.connectShipStation({ apiKey: 'k', apiSecret: 's' });
    await dataProvider.updateIntegration('c/1', { paused: true });
    await dataProvider.disconnectIntegration('c/1');
    await dataProvider.sendHeldLabels({ ids: ['h1'], orderId: 'bo_1', cost: 500 });
    await dataProvider.dismissHeldLabels(['h1', 'h2']);
    expect(sentBodies(fetch, 'POST /api/integrations/shipstation')).toEqual([
      { apiKey: 'k', apiSecret: 's' },
    ]);
    expect(sentBodies(fetch, 'PATCH /api/integrations/c%2F1')).toEqual([{ paused: true }]);
    expect(sentBodies(fetch, 'POST /api/integrations/attention/send')).toEqual([
      { ids: ['h1'], orderId: 'bo_1', cost: 500 },
    ]);
    expect(sentBodies(fetch, 'POST /api/integrations/attention/dismiss')).toEqual([{ ids: ['h1', 'h2'] }]);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('sends the source filter of the history', () => {
    expect(
      shipmentsListUrl({ pagination: { page: 1, perPage: 50 }, filter: { source: 'SHIPSTATION' } }),
    ).toBe('/api/shipments?page=1&limit=50&source=SHIPSTATION');
  });
});
