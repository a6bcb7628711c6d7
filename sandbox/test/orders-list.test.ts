import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES, type FaireOrder, type FaireOrdersPage, type SandboxHandle } from '../src/index.js';
import { allPagesByCursor, apiClient, start, TOKEN1, TOKEN2 } from './helpers.js';

const ids = (orders: FaireOrder[]): string[] => orders.map((o) => o.id);

function expectAscending(orders: FaireOrder[], field: 'updated_at' | 'created_at'): void {
  for (let i = 1; i < orders.length; i++) {
    const prev = orders[i - 1]!;
    const cur = orders[i]!;
    expect(Date.parse(cur[field])).toBeGreaterThanOrEqual(Date.parse(prev[field]));
  }
}

describe('GET /orders', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  let expected: FaireOrder[];

  beforeAll(async () => {
    sbx = await start();
    sbx.clock.freeze();
    api = apiClient(sbx, TOKEN1);
    expected = sbx.listOrders(SANDBOX_FIXTURES.brand1.brandId);
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('follows the cursor across 3+ pages: no order twice, none missing, ascending updated_at', async () => {
    const pages = await allPagesByCursor(sbx, TOKEN1, 'limit=10');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.flatMap((p) => p.orders);
    expect(new Set(ids(all)).size).toBe(all.length);
    expect(ids(all).sort()).toEqual(ids(expected).sort());
    expectAscending(all, 'updated_at');
    pages.forEach((p, i) => {
      expect(p.page).toBe(i + 1);
      expect(p.limit).toBe(10);
      if (i < pages.length - 1) {
        expect(p.orders).toHaveLength(10);
        expect(typeof p.cursor).toBe('string');
      } else {
        expect('cursor' in p).toBe(false);
      }
    });
  });

  it('page pagination covers the same orders and answers an empty page past the end', async () => {
    const all: FaireOrder[] = [];
    for (let page = 1; ; page++) {
      const r = await api.get<FaireOrdersPage>(`/orders?limit=10&page=${page}`);
      expect(r.status).toBe(200);
      expect(r.body.page).toBe(page);
      if (r.body.orders.length === 0) {
        expect(r.body.cursor).toBeUndefined();
        break;
      }
      all.push(...r.body.orders);
    }
    expect(ids(all)).toEqual(ids(expected));
  });

  it('defaults to limit 50 and page 1', async () => {
    const r = await api.get<FaireOrdersPage>('/orders');
    expect(r.status).toBe(200);
    expect(r.body.limit).toBe(50);
    expect(r.body.page).toBe(1);
    expect(r.body.sort_by).toBe('UPDATED_AT');
    expect(r.body.orders).toHaveLength(50);
    expect(ids(r.body.orders)).toEqual(ids(expected).slice(0, 50));
  });

  it('limit must be 10..50', async () => {
    for (const limit of ['9', '51', '0', '-5', 'abc', '10.5']) {
      const r = await api.get(`/orders?limit=${limit}`);
      expect(r.status, limit).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await api.get('/orders?limit=10')).status).toBe(200);
    expect((await api.get('/orders?limit=50')).status).toBe(200);
  });

  it('filters by updated_at_min (inclusive) and echoes it', async () => {
    const pivot = expected[40]!;
    const r = await api.get<FaireOrdersPage>(
      `/orders?updated_at_min=${encodeURIComponent(pivot.updated_at)}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.updated_at_min).toBe(pivot.updated_at);
    const want = expected.filter((o) => Date.parse(o.updated_at) >= Date.parse(pivot.updated_at));
    expect(ids(r.body.orders)).toEqual(ids(want));
    expect(r.body.orders[0]?.id).toBe(pivot.id);
  });

  it('filters by created_at_min', async () => {
    const sorted = [...expected].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    const pivot = sorted[50]!;
    const r = await api.get<FaireOrdersPage>(
      `/orders?created_at_min=${encodeURIComponent(pivot.created_at)}`,
    );
    expect(r.status).toBe(200);
    const want = expected.filter((o) => Date.parse(o.created_at) >= Date.parse(pivot.created_at));
    expect(ids(r.body.orders).sort()).toEqual(ids(want).sort());
  });

  it('excludes comma-separated (or repeated) excluded_states', async () => {
    const want = expected.filter((o) => o.state !== 'DELIVERED' && o.state !== 'CANCELED');
    const a = await api.get<FaireOrdersPage>('/orders?excluded_states=DELIVERED,CANCELED');
    expect(ids(a.body.orders)).toEqual(ids(want));
    const b = await api.get<FaireOrdersPage>('/orders?excluded_states=DELIVERED&excluded_states=CANCELED');
    expect(ids(b.body.orders)).toEqual(ids(want));
    const bad = await api.get('/orders?excluded_states=DELIVERED,SHIPPED');
    expect(bad.status).toBe(400);
  });

  it('the cursor keeps the original filters', async () => {
    const pages = await allPagesByCursor(sbx, TOKEN1, 'limit=10&excluded_states=DELIVERED,CANCELED');
    const all = pages.flatMap((p) => p.orders);
    expect(all.some((o) => o.state === 'DELIVERED' || o.state === 'CANCELED')).toBe(false);
    expect(ids(all)).toEqual(ids(expected.filter((o) => o.state !== 'DELIVERED' && o.state !== 'CANCELED')));
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('sort_by=CREATED_AT sorts ascending by created_at', async () => {
    const r = await api.get<FaireOrdersPage>('/orders?sort_by=CREATED_AT&limit=50');
    expect(r.body.sort_by).toBe('CREATED_AT');
    expectAscending(r.body.orders, 'created_at');
    const next = await api.get<FaireOrdersPage>(`/orders?cursor=${encodeURIComponent(r.body.cursor ?? '')}`);
    expect(next.body.sort_by).toBe('CREATED_AT');
    const all = [...r.body.orders, ...next.body.orders];
    expectAscending(all, 'created_at');
    expect(all).toHaveLength(expected.length);
    expect((await api.get('/orders?sort_by=STATE')).status).toBe(400);
  });

  it('rejects malformed cursors and dates', async () => {
    expect((await api.get('/orders?cursor=not-a-cursor')).status).toBe(400);
    expect((await api.get('/orders?updated_at_min=yesterday')).status).toBe(400);
    expect((await api.get('/orders?page=0')).status).toBe(400);
  });

  it('returns only the calling brand’s orders', async () => {
    const pages = await allPagesByCursor(sbx, TOKEN2, 'limit=50');
    const brand2 = pages.flatMap((p) => p.orders);
    const brand1Ids = new Set(ids(expected));
    expect(brand2.length).toBeGreaterThan(0);
    expect(brand2.some((o) => brand1Ids.has(o.id))).toBe(false);
    expect(ids(brand2).sort()).toEqual(ids(sbx.listOrders('brand2')).sort());
  });

  it('an updated order moves to the end of the updated_at order (incremental sync)', async () => {
    const last = expected[expected.length - 1]!;
    sbx.clock.advance(60_000);
    const put = await api.put(`/orders/${SANDBOX_FIXTURES.brand1.newOrderId}/processing`, {});
    expect(put.status).toBe(200);
    const r = await api.get<FaireOrdersPage>(`/orders?updated_at_min=${encodeURIComponent(last.updated_at)}`);
    expect(ids(r.body.orders)).toEqual([last.id, SANDBOX_FIXTURES.brand1.newOrderId]);
  });
});
