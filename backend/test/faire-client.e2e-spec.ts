import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { FaireClient, type FaireAccount } from '../src/modules/marketplace/faire.client.js';
import { FaireError, SlotNotDueError } from '../src/modules/marketplace/faire.errors.js';
import { MarketplaceRateLimiter } from '../src/modules/marketplace/rate-limiter.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const b1 = SANDBOX_FIXTURES.brand1;
const account = (token = b1.token): FaireAccount => ({
  key: `k-${token}`,
  credentials: { mode: 'ACCESS_TOKEN', token },
});

async function kindOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof FaireError) return err.kind;
    throw err;
  }
}

/** The typed Faire client against the sandbox, over HTTP. */
describe('Faire client', () => {
  let t: TestApp;
  let faire: FaireClient;

  /** The Faire API requests the sandbox served (its request log). */
  const calls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { FAIRE_TIMEOUT_MS: '1000' },
      { sandboxLog: (line) => /external-api/.test(line) && calls.push(line) },
    );
    faire = t.app.get(FaireClient);
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => {
    t.sandbox.knobs.reset();
  });

  it('reads the brand profile', async () => {
    const profile = await faire.getBrandProfile(account());
    expect(profile.brand_id).toBe(b1.brandId);
    expect(profile.name).toBeTruthy();
  });

  it('maps a refused token to UNAUTHORIZED', async () => {
    expect(await kindOf(faire.getBrandProfile(account('wrong-token')))).toBe('UNAUTHORIZED');
  });

  it('reads one order and maps an unknown or foreign order to NOT_FOUND', async () => {
    const order = await faire.getOrder(account(), b1.processingOrderId);
    expect(order).toMatchObject({ id: b1.processingOrderId, state: 'PROCESSING' });
    expect(await kindOf(faire.getOrder(account(), 'bo_doesnotexist'))).toBe('NOT_FOUND');
    expect(await kindOf(faire.getOrder(account(), SANDBOX_FIXTURES.brand2.processingOrderId))).toBe(
      'NOT_FOUND',
    );
  });

  it('follows the cursor across 3+ pages and returns every order once', async () => {
    const seen: string[] = [];
    let pages = 0;
    const original = faire.listOrders.bind(faire);
    faire.listOrders = async (...args) => {
      pages += 1;
      return original(...args);
    };
    for await (const order of faire.iterateOrders(account(), { limit: 10 })) seen.push(order.id);
    faire.listOrders = original;
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(
      t.sandbox
        .listOrders(b1.brandId)
        .map((o) => o.id)
        .sort(),
    );
  });

  it('does not stop at a full page without a cursor: asks for the next page by number', async () => {
    t.sandbox.knobs.set({ omitCursor: true });
    const seen: string[] = [];
    for await (const order of faire.iterateOrders(account(), { limit: 10 })) seen.push(order.id);
    expect(seen.length).toBeGreaterThan(30);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(
      t.sandbox
        .listOrders(b1.brandId)
        .map((o) => o.id)
        .sort(),
    );
  });

  it('reads a 403 HTML page as a block (BLOCKED, worth another try), not as a refused token', async () => {
    t.sandbox.knobs.set({ html403Share: 1 });
    expect(await kindOf(faire.getBrandProfile(account()))).toBe('BLOCKED');
    t.sandbox.knobs.set({ html403Share: 0 });
    expect((await faire.getBrandProfile(account())).brand_id).toBe(b1.brandId);
  });

  it('filters by excluded states', async () => {
    const states = new Set<string>();
    for await (const order of faire.iterateOrders(account(), {
      limit: 50,
      excludedStates: ['DELIVERED', 'CANCELED'],
    })) {
      states.add(order.state);
    }
    expect(states.has('DELIVERED')).toBe(false);
    expect(states.has('CANCELED')).toBe(false);
    expect(states.has('PROCESSING')).toBe(true);
  });

  it('accepts a NEW order and refuses to accept it twice (WRONG_STATE)', async () => {
    const order = await faire.acceptOrder(account(), b1.newOrderId);
    expect(order.state).toBe('PROCESSING');
    expect(await kindOf(faire.acceptOrder(account(), b1.newOrderId))).toBe('WRONG_STATE');
  });

  it('adds shipments (200 + the full order) and maps a wrong state', async () => {
    const order = await faire.addShipments(account(), b1.processingOrderId2, [
      {
        order_id: b1.processingOrderId2,
        carrier: 'UPS',
        tracking_code: '1Z999AA10123456784',
        shipping_type: 'SHIP_ON_YOUR_OWN',
        maker_cost: { amount_minor: 1250, currency: 'USD' },
      },
    ]);
    expect(order.state).toBe('PRE_TRANSIT');
    expect(order.shipments.map((s) => s.tracking_code)).toContain('1Z999AA10123456784');
    expect(
      await kindOf(
        faire.addShipments(account(), b1.canceledOrderId, [
          {
            order_id: b1.canceledOrderId,
            carrier: 'UPS',
            tracking_code: '1Z999AA10123456784',
            shipping_type: 'SHIP_ON_YOUR_OWN',
            maker_cost: { amount_minor: 0, currency: 'USD' },
          },
        ]),
      ),
    ).toBe('WRONG_STATE');
  });

  it('reads a retailer', async () => {
    const retailer = await faire.getRetailer(account(), b1.retailerId);
    expect(retailer.retailer_id).toBe(b1.retailerId);
  });

  it('makes one attempt on a 429: RATE_LIMITED with its Retry-After, and the account is held back for it', async () => {
    t.sandbox.knobs.set({ rate429Share: 1, retryAfterSeconds: 2 });
    calls.length = 0;
    const err = await faire.getBrandProfile(account()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FaireError);
    expect((err as FaireError).kind).toBe('RATE_LIMITED');
    expect((err as FaireError).transient).toBe(true);
    expect((err as FaireError).retryAfterMs).toBe(2000);
    expect(calls.filter((c) => c.includes('/brands/profile'))).toHaveLength(1);
    // The next call of the same account waits out the Retry-After (shared limiter), then succeeds.
    t.sandbox.knobs.reset();
    const started = Date.now();
    await faire.getBrandProfile(account());
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('makes one attempt on a 5xx read: UNAVAILABLE after one request', async () => {
    t.sandbox.knobs.set({ error5xxShare: 1 });
    calls.length = 0;
    expect(await kindOf(faire.getBrandProfile(account()))).toBe('UNAVAILABLE');
    expect(calls.filter((c) => c.includes('/brands/profile'))).toHaveLength(1);
  });

  it('makes one attempt per call while Faire fails every request', async () => {
    t.sandbox.knobs.set({ error5xxShare: 1 });
    calls.length = 0;
    const results = await Promise.all([
      kindOf(faire.getOrder(account(), b1.processingOrderId)),
      kindOf(faire.listOrders(account(), { limit: 10 })),
      kindOf(faire.getRetailer(account(), b1.retailerId)),
      kindOf(faire.acceptOrder(account(), b1.newOrderId)),
    ]);
    expect(results).toEqual(['UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE', 'UNAVAILABLE']);
    expect(calls).toHaveLength(4);
  });

  it('never retries a write after a 5xx', async () => {
    t.sandbox.clearLedger();
    t.sandbox.knobs.set({ error5xxShare: 1 });
    expect(
      await kindOf(
        faire.addShipments(account(), b1.processingOrderId, [
          {
            order_id: b1.processingOrderId,
            carrier: 'UPS',
            tracking_code: '1ZAAAAAA0000000001',
            shipping_type: 'SHIP_ON_YOUR_OWN',
            maker_cost: { amount_minor: 0, currency: 'USD' },
          },
        ]),
      ),
    ).toBe('UNAVAILABLE');
    expect(t.sandbox.ledger()).toHaveLength(1);
  });

  it('reports a write whose answer never came as UNCERTAIN (it may have happened)', async () => {
    t.sandbox.knobs.set({ hangAfterCommitShare: 1 });
    const kind = await kindOf(
      faire.addShipments(account(), b1.processingOrderId, [
        {
          order_id: b1.processingOrderId,
          carrier: 'FEDEX',
          tracking_code: '123456789012',
          shipping_type: 'SHIP_ON_YOUR_OWN',
          maker_cost: { amount_minor: 0, currency: 'USD' },
        },
      ]),
    );
    expect(kind).toBe('UNCERTAIN');
    expect(t.sandbox.getOrder(b1.processingOrderId)!.shipments.map((s) => s.tracking_code)).toContain(
      '123456789012',
    );
  });

  it('reports a dropped connection after a write as UNCERTAIN', async () => {
    t.sandbox.knobs.set({ dropAfterCommitShare: 1 });
    const kind = await kindOf(faire.acceptOrder(account(), b1.lateNewOrderId));
    expect(kind).toBe('UNCERTAIN');
    expect(t.sandbox.getOrder(b1.lateNewOrderId)!.state).toBe('PROCESSING');
  });

  it('under a lock, spends its reserved slots and never waits for another: SlotNotDueError, nothing sent', async () => {
    const limiter = t.app.get(MarketplaceRateLimiter);
    const budgeted = await faire.reserve(account(), 1);
    await limiter.penalise(budgeted.key, 1500);
    calls.length = 0;
    const started = Date.now();
    await faire.getBrandProfile(budgeted); // the reserved slot
    await expect(faire.getBrandProfile(budgeted)).rejects.toBeInstanceOf(SlotNotDueError);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls).toHaveLength(1);
  });

  it('times out a slow read once: UNAVAILABLE, not tried again', async () => {
    t.sandbox.knobs.set({ latencyMs: 1500 });
    calls.length = 0;
    expect(await kindOf(faire.getBrandProfile(account()))).toBe('UNAVAILABLE');
    // The sandbox logs a request when it ends: long enough for a second one to have ended too.
    await new Promise((r) => setTimeout(r, 2000));
    expect(calls.filter((c) => c.includes('/brands/profile'))).toHaveLength(1);
  });
});

describe('per-account rate limiter (shared through Redis)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('paces two workers on one account at the configured rate together', async () => {
    const config = { ...t.config, marketplace: { ...t.config.marketplace, requestsPerSecond: 20 } };
    const a = new MarketplaceRateLimiter(t.redis, config);
    const b = new MarketplaceRateLimiter(t.redis, config);
    const started = Date.now();
    await Promise.all(Array.from({ length: 21 }, (_, i) => (i % 2 ? a : b).acquire('brand-x')));
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    // Another account is not slowed by brand-x.
    const other = Date.now();
    await a.acquire('brand-y');
    expect(Date.now() - other).toBeLessThan(100);
  });

  it('reserves several slots at once, waiting for the first; takes a slot without waiting only when due', async () => {
    const config = { ...t.config, marketplace: { ...t.config.marketplace, requestsPerSecond: 10 } };
    const limiter = new MarketplaceRateLimiter(t.redis, config);
    await limiter.acquire('brand-w'); // the account's slot at +0
    const started = Date.now();
    const firstDueAt = await limiter.acquire('brand-w', undefined, 3); // slots at +100, +200, +300 ms
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
    expect(firstDueAt).toBeLessThanOrEqual(Date.now());
    expect(await limiter.takeIfDue('brand-w')).toBe(false); // the next is at +400 ms
    await new Promise((r) => setTimeout(r, 320));
    expect(await limiter.takeIfDue('brand-w')).toBe(true);
    expect(await limiter.takeIfDue('brand-w')).toBe(false);
  });

  it('sends a reservation’s calls one interval apart, not in a burst when the last slot is due', async () => {
    /** When each call reached the sandbox: logged when answered, with how long that took. */
    const arrivals: number[] = [];
    const app = await createTestApp(
      { FAIRE_REQUESTS_PER_SECOND: '10' },
      {
        sandboxLog: (line) => {
          const m = /brands\/profile \d+ (\d+)ms/.exec(line);
          if (m) arrivals.push(Date.now() - Number(m[1]));
        },
      },
    );
    /** When each budget call left this process (the limiter's part: one interval apart, never less). */
    const departures: number[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith('/brands/profile')) departures.push(Date.now());
      return realFetch(input, init);
    };
    try {
      const faire = app.app.get(FaireClient);
      // One call first, so that every measured call goes over an open connection: the first call on a
      // new one spends a TCP handshake before it reaches the sandbox, which made it look late.
      await faire.getBrandProfile(account());
      arrivals.length = 0;
      departures.length = 0;
      const budgeted = await faire.reserve(account(), 3);
      for (let i = 0; i < 3; i++) await faire.getBrandProfile(budgeted);
      expect(departures).toHaveLength(3);
      // The budget marks a call as left at Date.now(), whole milliseconds, and lets the next one leave
      // once Date.now() reaches that mark + 100: in real time more than 99 ms later, which two stamps
      // taken the same way can read as 99 (seen in CI: the first stamp's millisecond ticked over between
      // the mark and the send). A burst would be a few milliseconds.
      expect(departures[1]! - departures[0]!).toBeGreaterThanOrEqual(99);
      expect(departures[2]! - departures[1]!).toBeGreaterThanOrEqual(99);
      expect(departures[2]! - departures[0]!).toBeGreaterThanOrEqual(199);
      expect(arrivals).toHaveLength(3);
      // Slots 100 ms apart at 10 calls a second: the spacing itself is asserted on the departures above.
      // The arrivals are a second witness against a burst (sent in one go they were ~10 ms apart): the
      // sandbox runs in this process, so its timestamps carry the event loop's delays (166 ms for two
      // intervals seen on a fully loaded machine); they must still be far from a burst.
      expect(arrivals[2]! - arrivals[0]!).toBeGreaterThanOrEqual(100);
      expect(arrivals[1]! - arrivals[0]!).toBeGreaterThanOrEqual(50);
      expect(arrivals[2]! - arrivals[1]!).toBeGreaterThanOrEqual(50);
    } finally {
      globalThis.fetch = realFetch;
      await app.close();
    }
  });

  it('holds an account back after a 429 for the Retry-After', async () => {
    const limiter = new MarketplaceRateLimiter(t.redis, t.config);
    await limiter.penalise('brand-z', 600);
    const started = Date.now();
    await limiter.acquire('brand-z');
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });
});
