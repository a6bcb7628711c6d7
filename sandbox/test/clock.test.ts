import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES, type FaireOrder, type FaireOrdersPage, type SandboxHandle } from '../src/index.js';
import { apiClient, ship, start } from './helpers.js';

const F = SANDBOX_FIXTURES.brand1;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('sandbox clock', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  const t0 = new Date('2026-06-15T12:00:00.000Z');

  beforeAll(async () => {
    sbx = await start({ now: t0 });
    api = apiClient(sbx);
  });
  beforeEach(() => {
    // Frozen first, then set: a running clock moves between set() and freeze().
    sbx.clock.freeze();
    sbx.clock.set(t0);
    sbx.reset();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('runs in real time unless frozen; set/advance/freeze/unfreeze', async () => {
    expect(sbx.clock.now().toISOString()).toBe(t0.toISOString());
    await new Promise((r) => setTimeout(r, 30));
    expect(sbx.clock.now().toISOString()).toBe(t0.toISOString());
    sbx.clock.advance(DAY);
    expect(sbx.clock.now().getTime()).toBe(t0.getTime() + DAY);
    sbx.clock.unfreeze();
    await new Promise((r) => setTimeout(r, 30));
    expect(sbx.clock.now().getTime()).toBeGreaterThanOrEqual(t0.getTime() + DAY + 25);
    sbx.clock.freeze();
    const frozenAt = sbx.clock.now().getTime();
    await new Promise((r) => setTimeout(r, 20));
    expect(sbx.clock.now().getTime()).toBe(frozenAt);
  });

  it('moves a seeded PRE_TRANSIT order to IN_TRANSIT and then DELIVERED', async () => {
    const before = (await api.get<FaireOrder>(`/orders/${F.preTransitOrderId}`)).body;
    expect(before.state).toBe('PRE_TRANSIT');
    sbx.clock.advance(31 * HOUR);
    const mid = (await api.get<FaireOrder>(`/orders/${F.preTransitOrderId}`)).body;
    expect(mid.state).toBe('IN_TRANSIT');
    expect(mid.items.every((i) => i.state === 'IN_TRANSIT')).toBe(true);
    expect(Date.parse(mid.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    expect(Date.parse(mid.updated_at)).toBeLessThanOrEqual(sbx.clock.now().getTime());
    sbx.clock.advance(5 * DAY);
    const end = (await api.get<FaireOrder>(`/orders/${F.preTransitOrderId}`)).body;
    expect(end.state).toBe('DELIVERED');
    expect(end.items.every((i) => i.state === 'DELIVERED')).toBe(true);
    expect(Date.parse(end.updated_at)).toBeGreaterThan(Date.parse(mid.updated_at));
  });

  it('an API-created shipment goes in transit after 1 day and is delivered after 4 days', async () => {
    const r = await api.post<FaireOrder>(
      `/orders/${F.processingOrderId}/shipments`,
      ship(undefined, '1ZCLOCK'),
    );
    expect(r.body.state).toBe('PRE_TRANSIT');
    const shippedAt = Date.parse(r.body.updated_at);
    const state = async (): Promise<string> =>
      (await api.get<FaireOrder>(`/orders/${F.processingOrderId}`)).body.state;
    sbx.clock.advance(DAY - 1000);
    expect(await state()).toBe('PRE_TRANSIT');
    sbx.clock.advance(1000);
    expect(await state()).toBe('IN_TRANSIT');
    const mid = sbx.getOrder(F.processingOrderId);
    expect(mid?.updated_at).toBe(new Date(shippedAt + DAY).toISOString());
    sbx.clock.advance(3 * DAY - 1000);
    expect(await state()).toBe('IN_TRANSIT');
    sbx.clock.advance(1000);
    expect(await state()).toBe('DELIVERED');
    expect(sbx.getOrder(F.processingOrderId)?.updated_at).toBe(new Date(shippedAt + 4 * DAY).toISOString());
  });

  it('stuck orders stay stuck: a never-scanned label and a lost parcel', async () => {
    sbx.clock.advance(30 * DAY);
    expect((await api.get<FaireOrder>(`/orders/${F.latePreTransitOrderId}`)).body.state).toBe('PRE_TRANSIT');
    expect((await api.get<FaireOrder>(`/orders/${F.lateInTransitOrderId}`)).body.state).toBe('IN_TRANSIT');
    // Everything else that was shipped has been delivered by now.
    const pages: FaireOrder[] = [];
    let res = await api.get<FaireOrdersPage>(
      '/orders?excluded_states=NEW,PROCESSING,CANCELED,BACKORDERED,PENDING_RETAILER_CONFIRMATION,DELIVERED',
    );
    pages.push(...res.body.orders);
    while (res.body.cursor) {
      res = await api.get<FaireOrdersPage>(`/orders?cursor=${encodeURIComponent(res.body.cursor)}`);
      pages.push(...res.body.orders);
    }
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.some((o) => o.id === F.inTransitOrderId)).toBe(false);
  });

  it('an incremental sync by updated_at_min sees carrier transitions', async () => {
    const syncStart = sbx.clock.now().toISOString();
    sbx.clock.advance(2 * DAY);
    const r = await api.get<FaireOrdersPage>(`/orders?updated_at_min=${encodeURIComponent(syncStart)}`);
    const ids = r.body.orders.map((o) => o.id);
    expect(ids).toContain(F.preTransitOrderId);
    expect(r.body.orders.find((o) => o.id === F.preTransitOrderId)?.state).toBe('IN_TRANSIT');
  });

  it('a clock set before start seeds data relative to it', () => {
    const orders = sbx.listOrders('brand1');
    const newest = Math.max(...orders.map((o) => Date.parse(o.updated_at)));
    expect(newest).toBeLessThanOrEqual(t0.getTime());
    expect(newest).toBeGreaterThan(t0.getTime() - DAY);
  });
});
