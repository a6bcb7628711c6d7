import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Webhook } from 'standardwebhooks';
import { createApp } from '../src/app.js';
import { WebhookDispatch } from '../src/modules/webhooks/index.js';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import {
  eventually,
  startReceiver,
  type Received,
  type WebhookReceiver,
} from './helpers/webhook-receiver.js';

const f = SANDBOX_FIXTURES.brand1;

/** What a receiver verifies: the body, signed with the endpoint's secret (Standard Webhooks). */
function verified(secret: string, r: Received) {
  return new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * Outbound webhooks (issue 36): ended shipments reach a registered endpoint once each, signed as Standard
 * Webhooks with the secret shown at creation; a failed try is tried again with the same webhook-id; a
 * scan run again stores nothing twice; no secret is ever in Redis.
 */
describe('outbound webhooks: deliveries', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  let rx: WebhookReceiver;
  /** Every secret an answer showed. */
  const shown: string[] = [];

  beforeAll(async () => {
    rx = await startReceiver();
    t = await createTestApp({ WEBHOOK_TICK_MS: '300', SHIPMENT_PROCESS_WAIT_MS: '4000' });
    ({ agent: admin, companyId } = await t.companyAdmin('hooks@brand.test', 'Hooks Co', f.token));
  });

  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  async function register(path: string, events: string[]) {
    const res = await admin
      .post('/api/company/webhooks')
      .send({ url: rx.url(path), events })
      .expect(201);
    shown.push(res.body.secret);
    return res.body as { id: string; secret: string; url: string; events: string[] };
  }

  async function deliveriesOf(endpointId: string) {
    const { rows } = await t.db.query<{ id: string; event: string; object_id: string; status: string }>(
      'SELECT id, event, object_id, status FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at',
      [endpointId],
    );
    return rows;
  }

  it('tells a shipment that succeeded and one that failed, once each, signed with the secret shown', async () => {
    const hook = await register('/shipments', ['shipment.succeeded', 'shipment.failed']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const good = tracking('WH');
    const bad = tracking('WH');
    await upload(
      admin,
      csv([
        [f.processingOrderId, good, 'UPS', today(), '5'],
        ['bo_doesnotexist1', bad, 'UPS', today(), '1'],
      ]),
    ).expect(200);
    await waitForTerminal(t, companyId);
    await eventually('both deliveries', () => rx.on('/shipments').length >= 2);
    const bodies = rx.on('/shipments').map((r) => ({ r, event: verified(hook.secret, r) }));
    expect(bodies).toHaveLength(2);
    const byTracking = new Map(bodies.map((b) => [b.event.data.trackingNumber, b]));
    expect(byTracking.get(good)!.event).toMatchObject({
      type: 'shipment.succeeded',
      data: { trackingNumber: good, status: 'SUCCESS', orderId: f.processingOrderId, carrier: 'UPS' },
    });
    expect(byTracking.get(good)!.event.data.faireShipmentId).toMatch(/^s_/);
    expect(byTracking.get(bad)!.event).toMatchObject({
      type: 'shipment.failed',
      data: { trackingNumber: bad, status: 'ORDER_NOT_FOUND' },
    });
    // The body is the public API's shipment, the same as GET /api/v1/shipments/{id} answers.
    expect(Object.keys(byTracking.get(good)!.event.data).sort()).toEqual(
      [
        'id',
        'uploadId',
        'row',
        'orderId',
        'displayId',
        'trackingNumber',
        'carrier',
        'shipDate',
        'shippingCost',
        'status',
        'error',
        'faireShipmentId',
        'nextTryAt',
        'createdAt',
        'updatedAt',
      ].sort(),
    );
    // A signature made with another secret, or over another body, is refused.
    const other = await register('/other', ['shipment.failed']);
    expect(() => verified(other.secret, bodies[0]!.r)).toThrow();
    expect(() =>
      verified(hook.secret, { ...bodies[0]!.r, body: bodies[0]!.r.body.replace('UPS', 'DHL') }),
    ).toThrow();
    // The webhook-id is the delivery's id; the list shows each delivered with its answer.
    const stored = await deliveriesOf(hook.id);
    expect(stored.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
    expect(new Set(bodies.map((b) => b.r.headers['webhook-id']))).toEqual(new Set(stored.map((d) => d.id)));
    const list = await admin.get(`/api/company/webhooks/${hook.id}/deliveries`).expect(200);
    expect(list.body.deliveries).toHaveLength(2);
    expect(list.body.deliveries[0]).toMatchObject({
      status: 'DELIVERED',
      attempts: 1,
      lastStatus: 200,
      lastResponse: 'ok',
    });
    expect(JSON.stringify(list.body)).not.toContain(hook.secret);
  });

  it('a scan run again from the start, as after a crash before its cursor moved, stores and sends nothing twice', async () => {
    const { rows: before } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries',
    );
    const sent = rx.received.length;
    await t.db.query(
      'UPDATE webhook_endpoints SET shipments_cursor_us = since_us, attention_cursor_us = since_us',
    );
    const dispatch = t.app.get(WebhookDispatch);
    expect((await dispatch.tick()).added).toBe(0);
    expect((await dispatch.tick()).added).toBe(0);
    const { rows: after } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM webhook_deliveries',
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    await new Promise((r) => setTimeout(r, 1000));
    expect(rx.received.length).toBe(sent);
  });

  it('two processes scanning and sending at once store each event once and send it once', async () => {
    const second = await createApp(t.config);
    await second.init();
    try {
      const hook = await register('/fleet', ['shipment.succeeded', 'shipment.failed']);
      const codes = [tracking('WF'), tracking('WF'), tracking('WF')];
      await upload(
        admin,
        csv([
          [f.processingOrderId2, codes[0]!, 'UPS', today(), '2'],
          ['bo_doesnotexist3', codes[1]!, 'UPS', today(), '1'],
          ['bo_doesnotexist4', codes[2]!, 'UPS', today(), '1'],
        ]),
      ).expect(200);
      await waitForTerminal(t, companyId);
      await eventually('three deliveries', () => rx.on('/fleet').length >= 3);
      await new Promise((r) => setTimeout(r, 1500));
      const got = rx.on('/fleet');
      expect(got).toHaveLength(3);
      expect(new Set(got.map((r) => verified(hook.secret, r).data.trackingNumber))).toEqual(new Set(codes));
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(3);
      expect(await deliveriesOf(hook.id)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });

  it('an endpoint added later is told only of what ends after it was added', async () => {
    const late = await register('/late', ['shipment.succeeded', 'shipment.failed']);
    await t.app.get(WebhookDispatch).tick();
    expect(await deliveriesOf(late.id)).toEqual([]);
    const code = tracking('WL');
    await upload(admin, csv([['bo_doesnotexist2', code, 'UPS', today(), '1']])).expect(200);
    await waitForTerminal(t, companyId);
    const got = await eventually('the new failure', () => rx.on('/late')[0]);
    expect(verified(late.secret, got).data.trackingNumber).toBe(code);
    expect(await deliveriesOf(late.id)).toHaveLength(1);
  });

  it('a try answered 500 is tried again with the same webhook-id, and the delivery ends delivered', async () => {
    const hook = await register('/flaky', ['shipment.failed']);
    rx.answer('/flaky', 500);
    const first = await admin.post(`/api/company/webhooks/${hook.id}/test`).expect(200);
    expect(first.body.delivery).toMatchObject({
      event: 'webhook.test',
      status: 'PENDING',
      attempts: 1,
      lastStatus: 500,
      lastResponse: 'failed with 500',
      lastError: 'The endpoint answered 500',
    });
    const next = Date.parse(first.body.delivery.nextAttemptAt) - Date.now();
    expect(next).toBeGreaterThan(1000);
    expect(next).toBeLessThanOrEqual(5500);
    await eventually('the second try', () => rx.on('/flaky').length >= 2, 15_000);
    const [a, b] = rx.on('/flaky');
    expect(a!.headers['webhook-id']).toBe(first.body.delivery.id);
    expect(b!.headers['webhook-id']).toBe(first.body.delivery.id);
    expect(verified(hook.secret, b!).type).toBe('webhook.test');
    const done = await eventually('delivered', async () => {
      const res = await admin.get(`/api/company/webhooks/${hook.id}/deliveries`).expect(200);
      const list = res.body.deliveries as { status: string }[];
      return list.find((d) => d.status === 'DELIVERED');
    });
    expect(done).toMatchObject({ attempts: 2, lastStatus: 200, nextAttemptAt: null, lastError: null });
    const ep = await admin.get('/api/company/webhooks').expect(200);
    expect(ep.body.endpoints.find((e: { id: string }) => e.id === hook.id)).toMatchObject({
      failingSince: null,
      enabled: true,
    });
  });

  it('rotating the secret signs the next delivery with the new one only', async () => {
    const hook = await register('/rotated', ['shipment.failed']);
    const rotated = await admin.post(`/api/company/webhooks/${hook.id}/rotate-secret`).expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(hook.secret);
    shown.push(rotated.body.secret);
    await admin.post(`/api/company/webhooks/${hook.id}/test`).expect(200);
    const got = rx.on('/rotated')[0]!;
    expect(verified(rotated.body.secret, got).type).toBe('webhook.test');
    expect(() => verified(hook.secret, got)).toThrow();
  });

  it('turns off an endpoint whose every try has failed for a day, says why, and starts it afresh when turned on', async () => {
    const hook = await register('/down', ['shipment.failed']);
    rx.answer('/down', 502, 502);
    const first = await admin.post(`/api/company/webhooks/${hook.id}/test`).expect(200);
    expect(first.body.delivery.status).toBe('PENDING');
    let list = await admin.get('/api/company/webhooks').expect(200);
    const failing = list.body.endpoints.find((e: { id: string }) => e.id === hook.id);
    expect(failing.failingSince).toEqual(expect.any(String));
    // A day of failures later, the next failed try turns it off.
    await t.db.query(
      `UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = $1`,
      [hook.id],
    );
    await t.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1`, [
      first.body.delivery.id,
    ]);
    await eventually('the second failed try', () => rx.on('/down').length >= 2, 15_000);
    list = await eventually('turned off', async () => {
      const res = await admin.get('/api/company/webhooks').expect(200);
      const ep = res.body.endpoints.find((e: { id: string }) => e.id === hook.id);
      return ep.enabled === false ? res : null;
    });
    expect(list.body.endpoints.find((e: { id: string }) => e.id === hook.id).disabledReason).toMatch(
      /^Turned off after every delivery failed for 24 hours/,
    );
    const { rows } = await t.db.query(
      "SELECT actor_user_id, details FROM activity WHERE action = 'webhook.disabled' AND company_id = $1",
      [companyId],
    );
    expect(rows).toEqual([
      { actor_user_id: null, details: expect.objectContaining({ endpointId: hook.id }) },
    ]);
    const on = await admin.patch(`/api/company/webhooks/${hook.id}`).send({ enabled: true }).expect(200);
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('keeps every secret out of Redis: a delivery job holds its delivery id only', async () => {
    const { rows } = await t.db.query<{ id: string; secret_ciphertext: string }>(
      'SELECT id, secret_ciphertext FROM webhook_endpoints',
    );
    expect(rows.length).toBeGreaterThan(0);
    let jobs = 0;
    let cursor = '0';
    expect(shown.length).toBeGreaterThan(3);
    do {
      const [next, keys] = await t.redis.scan(cursor, 'MATCH', `${t.config.queuePrefix}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        if ((await t.redis.type(key)) !== 'hash') continue;
        const hash = await t.redis.hgetall(key);
        const text = JSON.stringify(hash);
        for (const secret of shown) expect(text).not.toContain(secret.slice('whsec_'.length, 30));
        for (const r of rows) expect(text).not.toContain(r.secret_ciphertext);
        if (hash.name === 'webhook-deliver') {
          jobs += 1;
          expect(Object.keys(JSON.parse(hash.data!))).toEqual(['deliveryId']);
        }
      }
    } while (cursor !== '0');
    expect(jobs).toBeGreaterThan(0);
  });
});
