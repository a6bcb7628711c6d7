import { csv, today, tracking, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * Abuse limits (issue 11, point 6): low limits here prove the 429 + Retry-After and that one user's
 * budget is not another's. Counters live in the shared Redis under this test's own prefix.
 */
describe('abuse limits', () => {
  let t: TestApp;
  let a: { agent: TestAgent; companyId: string };
  let b: { agent: TestAgent; companyId: string };

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_SIGNIN_PER_IP: '6',
      RATE_LIMIT_INVITE_PER_USER: '3',
      RATE_LIMIT_INVITE_PER_IP: '100',
      RATE_LIMIT_UPLOAD_PER_USER: '2',
      RATE_LIMIT_RETRY_PER_USER: '2',
    });
    a = await t.companyAdmin('limits-a@edges.test', 'Limits A');
    b = await t.companyAdmin('limits-b@edges.test', 'Limits B');
  });

  afterAll(async () => {
    await t.close();
  });

  function expectLimited(res: {
    status: number;
    headers: Record<string, string>;
    body: { message: string };
  }) {
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(Number.isInteger(wait) && wait > 0 && wait <= 600).toBe(true);
    expect(res.body.message).toMatch(/^Too many .+\. Please try again in \d+ (minute|second)s?\.$/);
  }

  it('invitations: the 4th in the window is 429 for that user only; the other admin still invites', async () => {
    for (let i = 0; i < 3; i++) {
      await a.agent
        .post('/api/team/invite')
        .send({ email: `a${i}@inv.test` })
        .expect(200);
    }
    const res = await a.agent.post('/api/team/invite').send({ email: 'a9@inv.test' });
    expectLimited(res);
    expect(res.body.message).toMatch(/^Too many invitations\./);
    // Resending mail counts against the same budget.
    const { rows } = await t.db.query<{ id: string }>(
      "SELECT id FROM memberships WHERE email = 'a0@inv.test'",
    );
    expect(rows).toHaveLength(1);
    expectLimited(await a.agent.post(`/api/team/resend-invite/${rows[0]!.id}`));
    // No mail went out for the refused one.
    const sent = await t.db.query("SELECT 1 FROM mail_outbox WHERE to_email = 'a9@inv.test'");
    expect(sent.rows).toHaveLength(0);
    await b.agent.post('/api/team/invite').send({ email: 'b0@inv.test' }).expect(200);
  });

  it('uploads and retries: per user', async () => {
    const file = csv([['1000', tracking('L'), 'UPS', today(), '0']]);
    for (let i = 0; i < 2; i++) expect((await upload(a.agent, file)).status).toBeLessThan(429);
    expectLimited(await upload(a.agent, file));
    expect((await upload(b.agent, file)).status).toBeLessThan(429);
    const id = '00000000-0000-4000-8000-000000000000';
    for (let i = 0; i < 2; i++) await a.agent.post(`/api/shipments/${id}/retry`).expect(404);
    expectLimited(await a.agent.post(`/api/shipments/${id}/retry`));
    // Retrying an upload's failed rows in one go spends the same budget.
    expectLimited(await a.agent.post(`/api/shipments/uploads/${id}/retry-failed`));
    await b.agent.post(`/api/shipments/${id}/retry`).expect(404);
    await b.agent.post(`/api/shipments/uploads/${id}/retry-failed`).expect(404);
  });

  it('sign-in: refused attempts per IP, signed-out callers included; a valid sign-in still passes (decision 0029)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await t
        .agent()
        .post('/api/auth/dev-login')
        .send({ email: `not an email ${i}` });
      statuses.push(refused.status);
    }
    // 6 refused attempts are answered as such; the 7th refused one from the same address is 429.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    const res = await t.agent().post('/api/auth/dev-login').send({ email: 'late at signin.test' });
    expectLimited(res);
    expect(res.body.message).toMatch(/^Too many sign-in attempts\./);
    // Someone with valid credentials at the same address is not locked out by the refused ones.
    await t.agent().post('/api/auth/dev-login').send({ email: 'late@signin.test' }).expect(200);
    // Signed-in work that is not sign-in goes on.
    await a.agent.get('/api/auth/me').expect(200);
  });

  it('keeps its counters in Redis under this install’s prefix', async () => {
    const keys = await t.redis.keys(`${t.config.queuePrefix}:limits:*`);
    expect(keys.some((k) => k.includes('invite:user:'))).toBe(true);
    expect(keys.some((k) => k.includes('signIn:ip:'))).toBe(true);
  });
});

/** Per IP: two people of different companies behind one address share its budget. */
describe('abuse limits per IP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_INVITE_PER_IP: '3',
      RATE_LIMIT_UPLOAD_PER_IP: '3',
      RATE_LIMIT_RETRY_PER_IP: '3',
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it.each([
    [
      'invitations',
      (agent: TestAgent, i: number) => agent.post('/api/team/invite').send({ email: `ip${i}@inv.test` }),
    ],
    [
      'uploads',
      (agent: TestAgent, i: number) => upload(agent, csv([[`100${i}`, tracking('I'), 'UPS', today(), '0']])),
    ],
    [
      'retries',
      (agent: TestAgent, i: number) =>
        agent.post(
          `/api/shipments${i % 2 ? '/uploads' : ''}/00000000-0000-4000-8000-000000000000/retry${i % 2 ? '-failed' : ''}`,
        ),
    ],
  ])('%s: the 4th from one address is 429 whoever sends it', async (what, send) => {
    const x = await t.companyAdmin(`x-${what}@ip.test`, `IP X ${what}`);
    const y = await t.companyAdmin(`y-${what}@ip.test`, `IP Y ${what}`);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send(i % 2 ? y.agent : x.agent, i)).status);
    expect(statuses.every((s) => s < 429)).toBe(true);
    const res = await send(y.agent, 3);
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.message).toMatch(
      new RegExp(`^Too many ${what}\\. Please try again in \\d+ minutes?\\.$`),
    );
  });
});
