import { getQueueToken } from '@nestjs/bullmq';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { QueueEvents, type Queue } from 'bullmq';
import { createApp } from '../src/app.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { QUEUES } from '../src/common/queue/queues.js';
import { DigestProcessor } from '../src/modules/digest/digest.processor.js';
import { DigestService } from '../src/modules/digest/digest.service.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const b1 = SANDBOX_FIXTURES.brand1;
const DAY = 86_400_000;

/**
 * The daily digest, with two app instances on the same database and queue (two workers): one mail per
 * admin per company per day, only new problem orders, none when nothing is new, none after opting out.
 */
describe('daily digest', () => {
  let t: TestApp;
  let second: NestExpressApplication;
  let events: QueueEvents;
  let admin: { agent: TestAgent; companyId: string };
  let n = 0;

  const mails = async () =>
    (
      await t.db.query<{ to_email: string; subject: string; body_text: string }>(
        `SELECT to_email, subject, body_text FROM mail_outbox WHERE company_id = $1 AND subject LIKE '%problem order%' ORDER BY created_at`,
        [admin.companyId],
      )
    ).rows;
  const newLateOrder = async () => {
    n += 1;
    t.sandbox.createOrder('brand1', {
      id: `bo_digest${n}x`,
      state: 'NEW',
      created_at: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    await admin.agent.post('/api/orders/refresh').expect(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    second = await createApp(t.config);
    await second.init();
    events = new QueueEvents(QUEUES.DIGEST, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    await events.waitUntilReady();
    admin = await t.companyAdmin('ada@digest.test', 'Digest Co', b1.token);
    await admin.agent.post('/api/orders/refresh').expect(200);
  });

  afterAll(async () => {
    await events.close();
    await second.close();
    await t.close();
  });

  it('the daily schedule run by two workers at once sends one mail per admin, listing the problem orders', async () => {
    const [a, b] = await Promise.all([
      t.app.get(DigestProcessor).daily(),
      second.get(DigestProcessor).daily(),
    ]);
    expect(a).toBeGreaterThanOrEqual(1);
    expect(b).toBe(a);
    const queue = t.app.get<Queue>(getQueueToken(QUEUES.DIGEST));
    const day = new Date().toISOString().slice(0, 10);
    const job = await queue.getJob(`digest-${admin.companyId}-${day}`);
    expect(job).toBeDefined();
    await job!.waitUntilFinished(events);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to_email).toBe('ada@digest.test');
    expect(sent[0]!.subject).toMatch(/^\d+ new problem orders? · late-shipment rate /);
    const problems = (await admin.agent.get('/api/orders/problem').expect(200)).body.orders as {
      displayId: string;
      problemReason: string;
    }[];
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(sent[0]!.body_text).toContain(`#${p.displayId} `);
    expect(sent[0]!.body_text).toContain(problems[0]!.problemReason);
    expect(sent[0]!.body_text).toContain('Late-shipment rate:');
    expect(sent[0]!.body_text).toContain('/problem-orders');
    // Running the day's schedule again changes nothing.
    await t.app.get(DigestProcessor).daily();
    expect(await mails()).toHaveLength(1);
  });

  it('two workers sending the same company and day at once: one sends, the other finds it taken', async () => {
    await newLateOrder();
    const outcomes = await Promise.all([
      t.app.get(DigestService).sendDaily(admin.companyId, '2099-01-02'),
      second.get(DigestService).sendDaily(admin.companyId, '2099-01-02'),
    ]);
    expect(outcomes.map((o) => (o.sent ? 'sent' : o.reason)).sort()).toEqual(['already-sent', 'sent']);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    // Only what is new since the last digest.
    expect(sent[1]!.subject).toMatch(/^1 new problem order · /);
    expect(sent[1]!.body_text).toContain('#DIGEST1X');
  });

  it('sends nothing when nothing is new, and nothing to an admin who opted out', async () => {
    expect(await t.app.get(DigestService).sendDaily(admin.companyId, '2099-01-03')).toEqual({
      sent: false,
      reason: 'nothing-new',
    });
    const claimed = await t.db.query('SELECT 1 FROM digest_sends WHERE company_id = $1 AND day = $2', [
      admin.companyId,
      '2099-01-03',
    ]);
    expect(claimed.rows).toHaveLength(0);

    const off = await admin.agent.put('/api/digest/preferences').send({ dailyDigest: false }).expect(200);
    expect(off.body).toEqual({ dailyDigest: false, receives: false });
    await admin.agent.put('/api/digest/preferences').send({ dailyDigest: 'no' }).expect(400);
    await newLateOrder();
    expect(await t.app.get(DigestService).sendDaily(admin.companyId, '2099-01-04')).toEqual({
      sent: false,
      reason: 'no-recipients',
    });
    expect(await mails()).toHaveLength(2);

    const on = await admin.agent.put('/api/digest/preferences').send({ dailyDigest: true }).expect(200);
    expect(on.body).toEqual({ dailyDigest: true, receives: true });
    const next = await t.app.get(DigestService).sendDaily(admin.companyId, '2099-01-05');
    expect(next).toEqual({ sent: true, recipients: 1, orders: 1 });
    expect((await mails())[2]!.body_text).toContain('#DIGEST2X');
  });
});
