import { randomUUID } from 'node:crypto';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { WebhookAttempts } from '../src/modules/webhooks/index.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { startReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

/** A public address that is never called here (no event and no test is sent to it). */
const PUBLIC_URL = 'https://1.1.1.1/faire-hooks';

/**
 * Outbound webhooks as production runs them (WEBHOOKS_ALLOW_PRIVATE off): https to public addresses
 * only, checked at registration and again at every try; admins write, members read, and another
 * company's endpoint is not found; secrets only in the answers that make them.
 */
describe('outbound webhooks: addresses and access', () => {
  let t: TestApp;
  let admin: TestAgent;
  let member: TestAgent;
  let other: TestAgent;
  let companyId: string;
  let rx: WebhookReceiver;

  beforeAll(async () => {
    rx = await startReceiver();
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'false', WEBHOOK_TICK_MS: '600000' });
    const a = await t.companyAdmin('hooks-admin@brand.test', 'Hooks A');
    admin = a.agent;
    companyId = a.companyId;
    other = (await t.companyAdmin('hooks-admin@other.test', 'Hooks B')).agent;
    await admin.post('/api/team/invite').send({ email: 'hooks-member@brand.test' }).expect(200);
    const { rows } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'hooks-member@brand.test'",
    );
    member = await t.signIn('hooks-member@brand.test');
    await member
      .post('/api/team/accept-invite')
      .send({ token: new URL(rows[0]!.link).searchParams.get('token') })
      .expect(200);
  });

  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('refuses plain http and private, loopback, link-local and metadata addresses, naming the problem', async () => {
    const refused: [string, RegExp][] = [
      ['http://hooks.example.com/x', /url must start with https:\/\//],
      [rx.url('/plain'), /url must start with https:\/\//],
      ['https://127.0.0.1:8443/x', /private, loopback or link-local address \(127\.0\.0\.1/],
      ['https://localhost/x', /private, loopback or link-local/],
      ['https://10.2.3.4/x', /private/],
      ['https://192.168.1.20/x', /private/],
      ['https://169.254.169.254/latest/meta-data', /169\.254\.169\.254/],
      ['https://[::1]/x', /private/],
      ['https://[::ffff:127.0.0.1]/x', /private/],
      ['https://[fd00:ec2::254]/x', /private/],
      ['https://user:pw@1.1.1.1/x', /user name or password/],
      ['https://no-such-host.invalid/x', /could not be found/],
      ['not a url', /full address/],
    ];
    for (const [url, why] of refused) {
      const res = await admin.post('/api/company/webhooks').send({ url, events: ['shipment.failed'] });
      expect([url, res.status]).toEqual([url, 400]);
      expect([url, res.body.message]).toEqual([url, expect.stringMatching(why)]);
    }
    const bad = await admin
      .post('/api/company/webhooks')
      .send({ url: PUBLIC_URL, events: ['shipment.lost'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/each event must be one of shipment\.succeeded, shipment\.failed/);
    const none = await admin.post('/api/company/webhooks').send({ url: PUBLIC_URL, events: [] });
    expect(none.body.message).toMatch(/at least one event/);
    const { rows } = await t.db.query('SELECT 1 FROM webhook_endpoints');
    expect(rows).toHaveLength(0);
  });

  it('refuses to send to a private address at send time too (an address that changed after registration)', async () => {
    const id = randomUUID();
    const box = t.app.get(SecretBox);
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    for (const url of [rx.url('/rebound').replace('http:', 'https:'), 'https://localhost:1/x']) {
      const endpointId = url.includes('localhost') ? randomUUID() : id;
      await t.db.query(
        `INSERT INTO webhook_endpoints (id, company_id, url, events, secret_ciphertext, since_us, shipments_cursor_us, attention_cursor_us)
         VALUES ($1, $2, $3, '{shipment.failed}', $4, 0, 0, 0)`,
        [endpointId, companyId, url, box.seal(secret, endpointId)],
      );
      const { rows } = await t.db.query<{ id: string }>(
        `INSERT INTO webhook_deliveries (endpoint_id, company_id, event, object_id, object_state, payload, next_attempt_at)
         VALUES ($1, $2, 'shipment.failed', $3, 'FAILED', '{"type":"shipment.failed"}', now()) RETURNING id`,
        [endpointId, companyId, randomUUID()],
      );
      const attempt = await t.app.get(WebhookAttempts).attempt(rows[0]!.id);
      expect(attempt).toMatchObject({ tried: true, ok: false, status: null });
      expect(attempt.tried && attempt.error).toMatch(
        /^Not sent: the url points to a private, loopback or link-local/,
      );
      const { rows: after } = await t.db.query(
        'SELECT status, attempts, last_error, next_attempt_at FROM webhook_deliveries WHERE id = $1',
        [rows[0]!.id],
      );
      expect(after[0]).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        last_error: attempt.tried && attempt.error,
      });
    }
    expect(rx.received).toHaveLength(0);
    await t.db.query('DELETE FROM webhook_endpoints');
  });

  it('lets admins add, change, rotate and delete; members read without secrets; all in the activity log', async () => {
    const made = await admin
      .post('/api/company/webhooks')
      .send({ url: PUBLIC_URL, events: ['shipment.succeeded', 'attention.created'] })
      .expect(201);
    expect(made.body).toMatchObject({ url: PUBLIC_URL, enabled: true, createdBy: 'hooks-admin@brand.test' });
    const secret = made.body.secret as string;
    const id = made.body.id as string;
    const { rows } = await t.db.query('SELECT * FROM webhook_endpoints');
    expect(JSON.stringify(rows)).not.toContain(secret);

    for (const agent of [admin, member]) {
      const list = await agent.get('/api/company/webhooks').expect(200);
      expect(JSON.stringify(list.body)).not.toContain(secret);
      expect(JSON.stringify(list.body)).not.toContain('whsec_');
      expect(list.body.endpoints).toHaveLength(1);
      expect(list.body.canManage).toBe(agent === admin);
      await agent.get(`/api/company/webhooks/${id}/deliveries`).expect(200);
    }
    await member
      .post('/api/company/webhooks')
      .send({ url: PUBLIC_URL, events: ['shipment.failed'] })
      .expect(403);
    await member.patch(`/api/company/webhooks/${id}`).send({ enabled: false }).expect(403);
    await member.post(`/api/company/webhooks/${id}/rotate-secret`).expect(403);
    await member.post(`/api/company/webhooks/${id}/test`).expect(403);
    await member.delete(`/api/company/webhooks/${id}`).expect(403);

    const changed = await admin
      .patch(`/api/company/webhooks/${id}`)
      .send({ events: ['shipment.failed'], enabled: false })
      .expect(200);
    expect(changed.body).toMatchObject({ events: ['shipment.failed'], enabled: false });
    expect(JSON.stringify(changed.body)).not.toContain('whsec_');
    const empty = await admin.patch(`/api/company/webhooks/${id}`).send({});
    expect(empty.status).toBe(400);
    const off = await admin.post(`/api/company/webhooks/${id}/test`);
    expect([off.status, off.body.message]).toEqual([409, 'Turn the endpoint on to send it a test event']);
    const rotated = await admin.post(`/api/company/webhooks/${id}/rotate-secret`).expect(200);
    expect(rotated.body.secret).not.toBe(secret);
    await admin.delete(`/api/company/webhooks/${id}`).expect(200);
    await admin.delete(`/api/company/webhooks/${id}`).expect(404);

    const activity = await t.db.query<{ action: string; target: string; details: unknown }>(
      `SELECT action, target, details FROM activity WHERE company_id = $1 AND action LIKE 'webhook.%' ORDER BY at, id`,
      [companyId],
    );
    expect(activity.rows.map((r) => r.action)).toEqual([
      'webhook.created',
      'webhook.changed',
      'webhook.secret_rotated',
      'webhook.deleted',
    ]);
    expect(activity.rows[0]!.target).toBe('1.1.1.1');
    expect(JSON.stringify(activity.rows)).not.toContain('whsec_');
  });

  it("keeps another company's endpoints out of reach (404) and caps a company at 10", async () => {
    const mine = await admin
      .post('/api/company/webhooks')
      .send({ url: PUBLIC_URL, events: ['shipment.failed'] })
      .expect(201);
    const id = mine.body.id as string;
    const list = await other.get('/api/company/webhooks').expect(200);
    expect(list.body.endpoints).toEqual([]);
    await other.get(`/api/company/webhooks/${id}/deliveries`).expect(404);
    await other.patch(`/api/company/webhooks/${id}`).send({ enabled: false }).expect(404);
    await other.post(`/api/company/webhooks/${id}/rotate-secret`).expect(404);
    await other.post(`/api/company/webhooks/${id}/test`).expect(404);
    await other.delete(`/api/company/webhooks/${id}`).expect(404);
    await admin.get('/api/company/webhooks/not-an-id/deliveries').expect(404);
    const { rows } = await t.db.query('SELECT enabled FROM webhook_endpoints WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ enabled: true });

    for (let i = 1; i < 10; i += 1) {
      await admin
        .post('/api/company/webhooks')
        .send({ url: `${PUBLIC_URL}/${i}`, events: ['shipment.failed'] })
        .expect(201);
    }
    const full = await admin
      .post('/api/company/webhooks')
      .send({ url: PUBLIC_URL, events: ['shipment.failed'] });
    expect([full.status, full.body.message]).toEqual([
      409,
      'A company can have 10 webhook endpoints: delete one you no longer use to add another',
    ]);
  });
});
