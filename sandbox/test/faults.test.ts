import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_KNOBS, SANDBOX_FIXTURES, type LedgerEntry, type SandboxHandle } from '../src/index.js';
import { apiClient, call, control, ship, start, TOKEN2 } from './helpers.js';

const F = SANDBOX_FIXTURES.brand1;

/** Shipments that exist on the order, per tracking code, according to the ledger. */
function committedPerTracking(ledger: LedgerEntry[], orderId: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of ledger) {
    if (e.orderId !== orderId) continue;
    if (!['created', 'dropped_after_commit', 'hung_after_commit'].includes(e.outcome)) continue;
    e.trackingCodes.forEach((code) => counts.set(code, (counts.get(code) ?? 0) + 1));
    expect(e.shipmentIds).toHaveLength(e.trackingCodes.length);
  }
  return counts;
}

describe('fault knobs', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    sbx = await start();
    api = apiClient(sbx);
  });
  beforeEach(() => {
    sbx.reset();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('are all off by default', () => {
    expect(sbx.knobs.get()).toEqual(DEFAULT_KNOBS);
    expect(DEFAULT_KNOBS).toMatchObject({
      latencyMs: 0,
      rate429Share: 0,
      error5xxShare: 0,
      dropAfterCommitShare: 0,
      hangAfterCommitShare: 0,
      perTokenRatePerSecond: 0,
      retryAfterSeconds: 1,
    });
  });

  it('rate429Share answers 429 with Retry-After and changes nothing', async () => {
    sbx.knobs.set({ rate429Share: 1, retryAfterSeconds: 3 });
    const r = await api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZTHROTTLED'));
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('3');
    expect(typeof r.body.message).toBe('string');
    expect(sbx.getOrder(F.processingOrderId)?.shipments).toEqual([]);
    expect((await api.get('/orders')).status).toBe(429);
    expect(sbx.ledger()).toMatchObject([{ outcome: 'throttled', status: 429, shipmentIds: [] }]);
  });

  it('error5xxShare answers 500 or 503 without doing anything', async () => {
    sbx.knobs.set({ error5xxShare: 1 });
    const statuses = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const r = await api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, `1ZFAIL${i}`));
      expect([500, 503]).toContain(r.status);
      expect(typeof r.body.message).toBe('string');
      statuses.add(r.status);
    }
    expect(statuses).toEqual(new Set([500, 503]));
    expect(sbx.getOrder(F.processingOrderId)?.state).toBe('PROCESSING');
    expect(sbx.getOrder(F.processingOrderId)?.shipments).toEqual([]);
    expect(sbx.ledger().every((e) => e.outcome === 'failed_5xx' && e.shipmentIds.length === 0)).toBe(true);
  });

  it('dropAfterCommitShare performs the change, then kills the connection', async () => {
    sbx.knobs.set({ dropAfterCommitShare: 1 });
    await expect(
      api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZDROPPED')),
    ).rejects.toThrow();
    const order = sbx.getOrder(F.processingOrderId);
    expect(order?.state).toBe('PRE_TRANSIT');
    expect(order?.shipments.map((s) => s.tracking_code)).toEqual(['1ZDROPPED']);
    const [entry] = sbx.ledger();
    expect(entry).toMatchObject({
      outcome: 'dropped_after_commit',
      status: 200,
      trackingCodes: ['1ZDROPPED'],
    });
    expect(entry?.shipmentIds).toEqual(order?.shipments.map((s) => s.id));

    await expect(api.put(`/orders/${F.newOrderId}/processing`, {})).rejects.toThrow();
    expect(sbx.getOrder(F.newOrderId)?.state).toBe('PROCESSING');
    // Reads are answered normally.
    expect((await api.get(`/orders/${F.processingOrderId}`)).status).toBe(200);
  });

  it('hangAfterCommitShare performs the change and never answers', async () => {
    sbx.knobs.set({ hangAfterCommitShare: 1 });
    const started = Date.now();
    await expect(
      api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZHUNG'), {
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(sbx.getOrder(F.processingOrderId)?.shipments.map((s) => s.tracking_code)).toEqual(['1ZHUNG']);
    expect(sbx.ledger()).toMatchObject([
      { outcome: 'hung_after_commit', status: 200, trackingCodes: ['1ZHUNG'] },
    ]);
  });

  it('a client that retries blindly after drops duplicates shipments — and the ledger proves it', async () => {
    sbx.knobs.set({ dropAfterCommitShare: 1 });
    for (let i = 0; i < 2; i++) {
      await expect(
        api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZRETRY')),
      ).rejects.toThrow();
    }
    sbx.knobs.reset();
    const counts = committedPerTracking(sbx.ledger(), F.processingOrderId);
    expect(counts.get('1ZRETRY')).toBe(2);
    const order = sbx.getOrder(F.processingOrderId);
    expect(order?.shipments.filter((s) => s.tracking_code === '1ZRETRY')).toHaveLength(2);
  });

  it('perTokenRatePerSecond throttles per token with a computed Retry-After', async () => {
    sbx.knobs.set({ perTokenRatePerSecond: 2 });
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 6; i++) {
      const r = await api.get('/brands/profile');
      statuses.push(r.status);
      if (r.status === 429) retryAfter = r.headers.get('retry-after');
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Another token has its own bucket.
    expect((await apiClient(sbx, TOKEN2).get('/brands/profile')).status).toBe(200);
    // After waiting, the bucket refills.
    await new Promise((r) => setTimeout(r, 600));
    expect((await api.get('/brands/profile')).status).toBe(200);
  });

  it('latencyMs delays answers', async () => {
    sbx.knobs.set({ latencyMs: 150 });
    const started = Date.now();
    expect((await api.get('/brands/profile')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('the dice are seeded: the same randomSeed gives the same sequence', async () => {
    const run = async (): Promise<number[]> => {
      sbx.knobs.set({ error5xxShare: 0.3, rate429Share: 0.3, randomSeed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 20; i++) out.push((await api.get('/brands/profile')).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(1);
    sbx.knobs.set({ randomSeed: 7 });
    const c: number[] = [];
    for (let i = 0; i < 20; i++) c.push((await api.get('/brands/profile')).status);
    expect(c).not.toEqual(a);
  });

  it('faultPaths limits faults to matching API calls', async () => {
    sbx.knobs.set({ error5xxShare: 1, faultPaths: ['POST /orders/{id}/shipments'] });
    expect((await api.get('/orders?limit=10')).status).toBe(200);
    expect((await api.put(`/orders/${F.newOrderId}/processing`, {})).status).toBe(200);
    const r = await api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZX'));
    expect([500, 503]).toContain(r.status);
  });

  it('forcedFaults draws each listed fault once, on the first matching calls, before the dice', async () => {
    const create = 'POST /orders/{id}/shipments';
    sbx.knobs.set({ forcedFaults: [`429 ${create}`, `5xx ${create}`, `drop ${create}`] });
    // Calls the patterns do not match are not touched, and the dice (all shares 0) fault nothing.
    expect((await api.get('/orders?limit=10')).status).toBe(200);
    const post = (code: string) =>
      api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, code));
    expect((await post('1ZFORCED1')).status).toBe(429);
    expect((await post('1ZFORCED2')).status).toBe(503);
    await expect(post('1ZFORCED3')).rejects.toThrow();
    expect((await post('1ZFORCED4')).status).toBe(200);
    expect(sbx.ledger().map((e) => e.outcome)).toEqual([
      'throttled',
      'failed_5xx',
      'dropped_after_commit',
      'created',
    ]);
    expect(sbx.getOrder(F.processingOrderId)?.shipments.map((s) => s.tracking_code)).toEqual([
      '1ZFORCED3',
      '1ZFORCED4',
    ]);
  });

  it('never apply to the control API or the OAuth endpoints', async () => {
    sbx.knobs.set({ error5xxShare: 1, latencyMs: 0 });
    const ctl = control(sbx);
    expect((await ctl.get('/knobs')).status).toBe(200);
    expect((await ctl.get('/ledger')).status).toBe(200);
    const tok = await call('POST', `${sbx.oauthBaseUrl}/api/external-api-oauth2/token`, {
      token: null,
      body: {},
    });
    expect(tok.status).toBe(401);
  });

  it('html403Share answers 403 with an HTML block page; nothing changes and the token keeps working', async () => {
    sbx.knobs.set({ html403Share: 1 });
    const res = await fetch(`${sbx.apiBaseUrl}/orders/${F.processingOrderId}/shipments`, {
      method: 'POST',
      headers: { 'X-FAIRE-ACCESS-TOKEN': 'sbx_brand1_token', 'Content-Type': 'application/json' },
      body: JSON.stringify(ship(undefined, '1ZBLOCKED')),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html[\s\S]*blocked/i);
    expect(sbx.ledger().map((e) => e.outcome)).toEqual(['blocked_403']);
    expect(sbx.getOrder(F.processingOrderId)?.shipments).toHaveLength(0);
    sbx.knobs.set({ html403Share: 0 });
    expect((await api.get('/brands/profile')).status).toBe(200);
  });

  it('reformatTrackingCodes answers tracking codes upper-cased without spaces or dashes', async () => {
    sbx.knobs.set({ reformatTrackingCodes: true });
    const created = await api.post(
      `/orders/${F.processingOrderId}/shipments`,
      ship(undefined, '1z 999-aa1 01'),
    );
    expect(created.status).toBe(200);
    expect(created.body.shipments.map((s: { tracking_code: string }) => s.tracking_code)).toEqual([
      '1Z999AA101',
    ]);
    const read = await api.get(`/orders/${F.processingOrderId}`);
    expect(read.body.shipments[0].tracking_code).toBe('1Z999AA101');
    const list = await api.get('/orders?limit=50');
    const all = list.body.orders.flatMap((o: { shipments: { tracking_code: string }[] }) =>
      o.shipments.map((x) => x.tracking_code),
    );
    expect(all.every((c: string) => c === c.toUpperCase() && !/[\s-]/.test(c))).toBe(true);
    // The stored code is what was sent; only answers are re-formatted.
    sbx.knobs.set({ reformatTrackingCodes: false });
    expect((await api.get(`/orders/${F.processingOrderId}`)).body.shipments[0].tracking_code).toBe(
      '1z 999-aa1 01',
    );
  });

  it('omitCursor answers list pages without a cursor; page numbers still reach every order', async () => {
    sbx.knobs.set({ omitCursor: true });
    const first = await api.get('/orders?limit=10');
    expect(first.body.orders).toHaveLength(10);
    expect(first.body.cursor).toBeUndefined();
    const second = await api.get('/orders?limit=10&page=2');
    expect(second.body.orders).toHaveLength(10);
    expect(second.body.orders[0].id).not.toBe(first.body.orders[0].id);
  });

  it('rejects invalid knob values', () => {
    expect(() => sbx.knobs.set({ rate429Share: 2 })).toThrow();
    expect(() => sbx.knobs.set({ latencyMs: -1 })).toThrow();
    expect(() => sbx.knobs.set({ dropAfterCommitShare: 0.6, hangAfterCommitShare: 0.6 })).toThrow();
    expect(() => sbx.knobs.set({ nope: 1 } as never)).toThrow();
    expect(() => sbx.knobs.set({ forcedFaults: ['404 /orders'] })).toThrow();
    expect(() => sbx.knobs.set({ forcedFaults: ['drop'] })).toThrow();
    expect(sbx.knobs.get()).toEqual(DEFAULT_KNOBS);
  });
});

describe('close()', () => {
  it('returns promptly while requests hang or wait on latency', async () => {
    const sbx = await start();
    sbx.knobs.set({ hangAfterCommitShare: 1 });
    const api = apiClient(sbx);
    const hung = api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZHANG'));
    const hungResult = hung.then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(sbx.ledger()).toHaveLength(1);
    sbx.knobs.set({ hangAfterCommitShare: 0, latencyMs: 60_000 });
    const slow = api.get('/orders').then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((r) => setTimeout(r, 50));
    const started = Date.now();
    await sbx.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await hungResult).toBe('failed');
    expect(await slow).toBe('failed');
  });
});
