import { Webhook } from 'standardwebhooks';
import { tracking } from './helpers/shipments.js';
import {
  connectedCompany,
  labelOf,
  releaseNow,
  startSourcesApp,
  waitFor,
  type ConnectedCompany,
  type SourcesApp,
} from './helpers/sources.js';
import { eventually, startReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

/** Outbound webhooks (issue 36): a label held for a person ("Needs attention") is told as attention.created. */
describe('outbound webhooks: attention.created', () => {
  let s: SourcesApp;
  let co: ConnectedCompany;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    rx = await startReceiver();
    s = await startSourcesApp({ WEBHOOK_TICK_MS: '300' });
    co = await connectedCompany(s, 'attention-hooks@brand.test');
  }, 60_000);

  afterAll(async () => {
    await s?.close();
    await rx?.close();
  });

  it('tells a held label once, signed, with its tracking number and the reason in words', async () => {
    const made = await co.agent
      .post('/api/company/webhooks')
      .send({ url: rx.url('/attention'), events: ['attention.created'] })
      .expect(201);
    const code = tracking('AT');
    s.ss.control.printLabels([
      { orderNumber: 'M-7001', trackingNumber: code, carrierCode: 'ups', shipmentCost: 4 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    await releaseNow(s, co.connectionId);
    const label = await labelOf(s.t, code);
    expect(label).toMatchObject({ state: 'HELD', reason: 'NO_MATCH' });

    const got = await eventually('the attention event', () => rx.on('/attention')[0]);
    const event = new Webhook(made.body.secret as string).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(event).toMatchObject({
      type: 'attention.created',
      data: { id: label!.id, source: 'SHIPSTATION', trackingNumber: code, reason: 'NO_MATCH' },
    });
    expect(event.data.reasonText).toEqual(expect.any(String));
    // Decided again (still held), it is not told twice.
    await s.release.releaseDue(co.connectionId);
    await new Promise((r) => setTimeout(r, 1500));
    expect(rx.on('/attention')).toHaveLength(1);
    const { rows } = await s.t.db.query('SELECT event FROM webhook_deliveries WHERE endpoint_id = $1', [
      made.body.id,
    ]);
    expect(rows).toEqual([{ event: 'attention.created' }]);
  });
});
