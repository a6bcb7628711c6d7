import { afterEach, describe, expect, it } from 'vitest';
import type { ShipStationSandboxHandle } from '../src/index.js';
import { api, BASIC, ctl, start } from './helpers.js';

describe('rate limit and faults', () => {
  let sbx: ShipStationSandboxHandle;
  afterEach(async () => {
    await sbx.close();
  });

  it('allows 40 calls a minute per key pair, answers 429 beyond, and resets after the window', async () => {
    let now = Date.UTC(2026, 10, 27, 15, 0, 0);
    sbx = await start({ clock: () => new Date(now) });
    const first = await api(sbx, '/stores');
    expect(first.headers.get('x-rate-limit-limit')).toBe('40');
    expect(first.headers.get('x-rate-limit-remaining')).toBe('39');
    expect(first.headers.get('x-rate-limit-reset')).toBe('60');
    for (let i = 0; i < 39; i++) await api(sbx, '/stores');
    now += 15_000;
    const over = await api(sbx, '/shipments');
    expect(over.status).toBe(429);
    expect(over.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(over.headers.get('x-rate-limit-reset')).toBe('45');
    now += 45_000;
    const again = await api(sbx, '/shipments?pageSize=1');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-rate-limit-remaining')).toBe('39');
    const calls = sbx.control.calls();
    expect(calls).toMatchObject({ total: 42, throttled: 1 });
    expect(calls.byEndpoint['GET /stores']).toBe(40);
  });

  it('does not spend the budget on refused credentials, and a revoked pair is 401', async () => {
    sbx = await start();
    for (let i = 0; i < 45; i++) await api(sbx, '/stores', { auth: 'Basic eDp5' });
    expect((await api(sbx, '/stores')).status).toBe(200);
    expect(sbx.control.calls().unauthorized).toBe(45);
    expect((await ctl(sbx, 'POST', '/revoke')).body).toEqual({ revoked: true });
    expect((await api(sbx, '/stores')).status).toBe(401);
    await ctl(sbx, 'POST', '/revoke', { revoked: false });
    expect((await api(sbx, '/stores')).status).toBe(200);
    sbx.control.revoke();
    await ctl(sbx, 'POST', '/reset');
    expect((await api(sbx, '/stores')).status).toBe(200);
  });

  it('injects 429 and 5xx answers by count and by share, and changes the limit', async () => {
    sbx = await start();
    const set = await ctl(sbx, 'POST', '/faults', { next429: 2, next5xx: 1, next400: 1 });
    expect(set.body).toMatchObject({ next429: 2, next5xx: 1, next400: 1 });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api(sbx, '/stores')).status);
    expect(statuses).toEqual([429, 429, 500, 400, 200]);

    await ctl(sbx, 'POST', '/faults', { status5xx: true });
    const fail = await api(sbx, '/stores');
    expect([500, 503]).toContain(fail.status);
    await ctl(sbx, 'POST', '/faults', { status5xx: 0, status429: 0.5, rateLimitPerMinute: 1000 });
    let throttled = 0;
    for (let i = 0; i < 40; i++) if ((await api(sbx, '/stores')).status === 429) throttled++;
    expect(throttled).toBeGreaterThan(5);
    expect(throttled).toBeLessThan(35);

    await ctl(sbx, 'POST', '/faults', { status429: 0, rateLimitPerMinute: 3 });
    const res = await api(sbx, '/stores');
    expect(res.headers.get('x-rate-limit-limit')).toBe('3');
    expect((await ctl(sbx, 'GET', '/faults')).body.rateLimitPerMinute).toBe(3);
  });

  it('refuses bad fault knobs with 400', async () => {
    sbx = await start();
    for (const body of [{ status429: 2 }, { next5xx: -1 }, { rateLimitPerMinute: 0 }, { bogus: 1 }, [1]]) {
      const res = await ctl(sbx, 'POST', '/faults', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('adds latency when asked', async () => {
    sbx = await start();
    sbx.control.setFaults({ latencyMs: 150 });
    const t0 = Date.now();
    await fetch(`${sbx.url}/stores`, { headers: { Authorization: BASIC } });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });
});
