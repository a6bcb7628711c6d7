import type { ShipStationSandboxHandle } from '@portal/shipstation-sandbox';
import { SANDBOX_DEFAULTS, type FaireOrder } from '@portal/faire-sandbox';
import { freePort } from './ports.js';
import { SourceRelease, SourceSync } from '../../src/modules/sources/index.js';
import { createTestApp, type TestAgent, type TestApp } from './test-app.js';

export const SS_KEY = 'sbx_ss_key';
export const SS_SECRET = 'sbx_ss_secret';

/** A free TCP port on 127.0.0.1 (the webhook URL must be known before the app starts). */
export interface SourcesApp {
  t: TestApp;
  ss: ShipStationSandboxHandle;
  sync: SourceSync;
  release: SourceRelease;
  close(): Promise<void>;
}

/**
 * The app listening on a real port (ShipStation's webhooks reach it over HTTP), a ShipStation sandbox
 * on another, and the app's ShipStation base URL pointing at it.
 */
export async function startSourcesApp(env: Record<string, string> = {}): Promise<SourcesApp> {
  const port = await freePort();
  const t = await createTestApp({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SHIPSTATION_TIMEOUT_MS: '2000',
    // Long: tests end a label's grace themselves (`releaseNow`), so nothing is sent behind their back.
    SOURCE_GRACE_MS: '600000',
    SOURCE_TICK_MS: '600000',
    ...env,
  });
  await t.app.listen(port, '127.0.0.1');
  return {
    t,
    ss: t.shipstation,
    sync: t.app.get(SourceSync),
    release: t.app.get(SourceRelease),
    close: () => t.close(),
  };
}

export interface ConnectedCompany {
  agent: TestAgent;
  companyId: string;
  connectionId: string;
}

/** A company connected to Faire brand 1 and to the ShipStation sandbox; its orders synced. */
export async function connectedCompany(s: SourcesApp, email: string): Promise<ConnectedCompany> {
  const a = await s.t.companyAdmin(email, `Co ${email}`, SANDBOX_DEFAULTS.brand1Token);
  const res = await a.agent
    .post('/api/integrations/shipstation')
    .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
    .expect(200);
  return { agent: a.agent, companyId: a.companyId, connectionId: res.body.id as string };
}

/**
 * Registers, in the calling `describe`, the sources app (`startSourcesApp`) and one company connected
 * to ShipStation as `email` (`connectedCompany`), and the app's teardown; both are filled in once
 * `beforeAll` has run.
 */
export function useShipStationCompany(email: string): { s: SourcesApp; co: ConnectedCompany } {
  const s = {} as SourcesApp;
  const co = {} as ConnectedCompany;
  beforeAll(async () => {
    Object.assign(s, await startSourcesApp());
    Object.assign(co, await connectedCompany(s, email));
  }, 60_000);
  afterAll(async () => {
    await s.close?.();
  });
  return { s, co };
}

/** New PROCESSING orders of brand 1, synced into the company's orders. */
export async function processingOrders(s: SourcesApp, agent: TestAgent, n: number): Promise<FaireOrder[]> {
  const orders = Array.from({ length: n }, () => s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' }));
  await agent.post('/api/orders/refresh').expect(200);
  return orders;
}

export function displayOf(order: FaireOrder): string {
  return order.id.replace(/^bo_/, '').toUpperCase();
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The stored label of a ShipStation tracking number, once a webhook or poll stored it. */
export async function labelOf(
  t: TestApp,
  tracking: string,
): Promise<{ id: string; state: string; reason: string | null; voided: boolean } | undefined> {
  const { rows } = await t.db.query<{ id: string; state: string; reason: string | null; voided: boolean }>(
    'SELECT id, state, reason, voided FROM source_labels WHERE tracking_number = $1',
    [tracking],
  );
  return rows[0];
}

/**
 * Ends the grace period of the connection's waiting labels and decides them now, once every delivery
 * received is read: a delivery still being read holds its labels' rows, which the decision skips (as a
 * second worker would), so a duplicated webhook's read could leave a label for the next decision.
 */
export async function releaseNow(s: SourcesApp, connectionId: string) {
  await waitFor('the deliveries read', async () => {
    const { rows } = await s.t.db.query(
      'SELECT 1 FROM source_events WHERE connection_id = $1 AND done_at IS NULL LIMIT 1',
      [connectionId],
    );
    return rows.length === 0;
  });
  await s.t.db.query(
    `UPDATE source_labels SET due_at = now() WHERE connection_id = $1 AND state = 'WAITING'`,
    [connectionId],
  );
  return s.release.releaseDue(connectionId);
}

/** Shipments on the Faire sandbox with this tracking code, over every brand-1 order. */
export function onFaire(t: TestApp, tracking: string): number {
  let n = 0;
  for (const order of t.sandbox.listOrders('brand1')) {
    for (const sh of order.shipments) if (sh.tracking_code === tracking) n += 1;
  }
  return n;
}
