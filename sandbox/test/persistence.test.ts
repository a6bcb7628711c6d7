import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES, startSandbox, type FaireOrder } from '../src/index.js';
import { apiClient, APP_ID, APP_SECRET, call, ship, start } from './helpers.js';

const F = SANDBOX_FIXTURES.brand1;

describe('dataFile persistence', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'faire-sandbox-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes state after changes and loads it on the next start', async () => {
    const file = join(dir, 'nested', 'state.json');
    const first = await start({ dataFile: file });
    const api = apiClient(first);
    await api.put(`/orders/${F.newOrderId}/processing`, { expected_ship_date: '2030-02-01T00:00:00Z' });
    const shipped = await api.post<FaireOrder>(
      `/orders/${F.processingOrderId}/shipments`,
      ship(undefined, '1ZPERSIST'),
    );
    expect(shipped.status).toBe(200);
    const extra = first.createOrder('brand2', { state: 'PROCESSING' });

    // An OAuth token issued before the restart keeps working after it.
    const form = await fetch(`${first.oauthBaseUrl}/oauth2/authorize`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        applicationId: APP_ID,
        scope: 'READ_BRAND',
        state: 's',
        redirectUrl: 'http://localhost/cb',
        brandId: F.brandId,
        decision: 'approve',
      }).toString(),
      redirect: 'manual',
    });
    const code = new URL(form.headers.get('location') ?? '').searchParams.get('authorizationCode');
    const tok = await call('POST', `${first.oauthBaseUrl}/api/external-api-oauth2/token`, {
      token: null,
      body: {
        application_token: APP_ID,
        application_secret: APP_SECRET,
        redirect_url: 'http://localhost/cb',
        scope: ['READ_BRAND'],
        grant_type: 'AUTHORIZATION_CODE',
        authorization_code: code,
      },
    });
    expect(tok.status).toBe(200);

    // Debounced write happens on its own (~200 ms) …
    await new Promise((r) => setTimeout(r, 450));
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(onDisk.format).toBe('faire-sandbox-state');
    expect(
      onDisk.records.find((r: { order: FaireOrder }) => r.order.id === F.processingOrderId).order.state,
    ).toBe('PRE_TRANSIT');
    await first.close();
    expect((await readdir(join(dir, 'nested'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await start({ dataFile: file });
    try {
      expect(second.getOrder(F.newOrderId)?.state).toBe('PROCESSING');
      expect(second.getOrder(F.newOrderId)?.expected_ship_date).toBe('2030-02-01T00:00:00.000Z');
      expect(second.getOrder(F.processingOrderId)).toEqual(first.getOrder(F.processingOrderId));
      expect(second.getOrder(extra.id)?.state).toBe('PROCESSING');
      expect(second.ledger()).toEqual(first.ledger());
      const profile = await call('GET', `${second.apiBaseUrl}/brands/profile`, {
        token: null,
        headers: {
          'X-FAIRE-APP-CREDENTIALS': Buffer.from(`${APP_ID}:${APP_SECRET}`).toString('base64'),
          'X-FAIRE-OAUTH-ACCESS-TOKEN': String(tok.body.access_token),
        },
      });
      expect(profile.status).toBe(200);
      // New ids never collide with persisted ones.
      const more = await apiClient(second).post<FaireOrder>(
        `/orders/${F.processingOrderId}/shipments`,
        ship(undefined, '1ZAFTER'),
      );
      const shipmentIds = more.body.shipments.map((s) => s.id);
      expect(new Set(shipmentIds).size).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('keeps the sandbox clock across restarts', async () => {
    const file = join(dir, 'clock.json');
    const first = await start({ dataFile: file, now: new Date('2025-01-01T00:00:00.000Z') });
    first.clock.freeze();
    first.clock.set(new Date('2025-01-01T00:00:00.000Z'));
    first.clock.advance(3_600_000);
    await first.close();
    const second = await start({ dataFile: file });
    expect(second.clock.now().toISOString()).toBe('2025-01-01T01:00:00.000Z');
    expect(second.clock.isFrozen()).toBe(true);
    await second.close();
  });

  it('refuses to start on a corrupt state file', async () => {
    const file = join(dir, 'corrupt.json');
    await writeFile(file, '{"format":', 'utf8');
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(/not valid JSON/);
    await writeFile(file, '{"hello":"world"}', 'utf8');
    await expect(startSandbox({ port: 0, dataFile: file })).rejects.toThrow(/not a sandbox state file/);
  });

  it('reset() writes the seeded state back', async () => {
    const file = join(dir, 'reset.json');
    const sbx = await start({ dataFile: file });
    await apiClient(sbx).put(`/orders/${F.newOrderId}/processing`, {});
    sbx.reset();
    await sbx.flush();
    const onDisk = JSON.parse(await readFile(file, 'utf8'));
    expect(onDisk.records.find((r: { order: FaireOrder }) => r.order.id === F.newOrderId).order.state).toBe(
      'NEW',
    );
    await sbx.close();
  });
});
