import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { CONNECTION_QUERY_KEY } from '../connect/api';
import { annAtAcme } from '../test/fixtures';
import { seedFirstScreen } from './firstScreen';
import { createQueryClient } from './queryClient';
import { apiRequest } from './request';
import { takeStartedRequest } from './startedRequests';

const me = annAtAcme('COMPANY_ADMIN');
const connection = { status: 'NOT_CONNECTED', canManage: true };
const stats = { openOrders: 3 };

function servePage(pending: Record<string, Promise<Response>> = {}) {
  window.__FIRST_SCREEN__ = {
    data: { '/api/auth/me': me, '/api/faire/connection': connection },
    pending,
  };
}

const answer = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));

afterEach(() => {
  delete window.__FIRST_SCREEN__;
  document.getElementById('first-screen')?.remove();
  vi.unstubAllGlobals();
});

describe('the first screen carried by the page', () => {
  it('seeds the session and the connection, so the app asks for neither', () => {
    servePage();
    const queryClient = createQueryClient();
    seedFirstScreen(queryClient);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
    expect(queryClient.getQueryData(CONNECTION_QUERY_KEY)).toEqual(connection);
  });

  it('reads the data block when the inline script did not run', () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-screen';
    block.textContent = JSON.stringify({ data: { '/api/auth/me': me }, prefetch: ['/api/analytics/stats'] });
    document.head.append(block);
    const queryClient = createQueryClient();
    seedFirstScreen(queryClient);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(me);
    expect(takeStartedRequest('/api/analytics/stats')).toBeUndefined();
  });

  it('hands a started request to the app once, then fetches as usual', async () => {
    servePage({ '/api/analytics/stats': answer(stats) });
    seedFirstScreen(createQueryClient());
    const fetchMock = vi.fn(() => answer({ openOrders: 4 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiRequest('GET', '/api/analytics/stats')).toEqual(stats);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await apiRequest('GET', '/api/analytics/stats')).toEqual({ openOrders: 4 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('puts the started requests under their query keys before any screen asks', async () => {
    servePage({ '/api/analytics/stats': answer(stats) });
    const queryClient = createQueryClient();
    const fetchMock = vi.fn(() => answer({ openOrders: 4 }));
    vi.stubGlobal('fetch', fetchMock);
    seedFirstScreen(queryClient, {
      '/api/analytics/stats': {
        queryKey: ['/api/analytics/stats'],
        queryFn: () => apiRequest('GET', '/api/analytics/stats'),
      },
      '/api/orders/late-rate': {
        queryKey: ['/api/orders', 'late-rate'],
        queryFn: () => apiRequest('GET', '/api/orders/late-rate'),
      },
    });
    await vi.waitFor(() => expect(queryClient.getQueryData(['/api/analytics/stats'])).toEqual(stats));
    // Not started by the page: left to the screen.
    expect(queryClient.getQueryState(['/api/orders', 'late-rate'])).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['signs out', null],
    ['is someone else', { ...me, id: 'someone-else' }],
    ['changes company', { ...me, company: { id: 'other', name: 'Other', role: 'COMPANY_ADMIN' } }],
  ])('drops the started requests when the caller %s', async (_what, next) => {
    servePage({ '/api/analytics/stats': answer(stats) });
    const queryClient = createQueryClient();
    seedFirstScreen(queryClient);
    queryClient.setQueryData(ME_QUERY_KEY, next);
    expect(takeStartedRequest('/api/analytics/stats')).toBeUndefined();
  });

  it('keeps them while the same caller is refreshed, and drops them when the cache is cleared', () => {
    servePage({ '/api/analytics/stats': answer(stats), '/api/orders/late-rate': answer({}) });
    const queryClient = createQueryClient();
    seedFirstScreen(queryClient);
    queryClient.setQueryData(ME_QUERY_KEY, { ...me, name: 'Ann B.' });
    expect(takeStartedRequest('/api/analytics/stats')).toBeDefined();
    queryClient.clear();
    expect(takeStartedRequest('/api/orders/late-rate')).toBeUndefined();
  });
});
