import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** Every bad request is a 4xx with a message that says what is wrong, never a 500 (issue 11, point 4). */
describe('bad requests are answered 4xx with a clear message', () => {
  let t: TestApp;
  let admin: TestAgent;
  let platform: TestAgent;
  let companyId: string;
  /** Stands in for Faire's API and counts the calls it gets. */
  let faire: Server;
  let faireCalls = 0;

  beforeAll(async () => {
    faire = createServer((_req, res) => {
      faireCalls += 1;
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"message":"API key is wrong"}');
    });
    await new Promise<void>((r) => faire.listen(0, '127.0.0.1', r));
    const faireUrl = `http://127.0.0.1:${(faire.address() as AddressInfo).port}/external-api/v2`;
    t = await createTestApp({ ADMIN_EMAILS: 'platform@edges.test', FAIRE_API_BASE_URL: faireUrl });
    const a = await t.companyAdmin('admin@edges.test', 'Edges Co');
    admin = a.agent;
    companyId = a.companyId;
    platform = await t.signIn('platform@edges.test');
  });

  afterAll(async () => {
    await t.close();
    await new Promise((r) => faire.close(r));
  });

  it.each([
    ['/api/shipments?dateFrom=2026-02-30', 400, /dateFrom must be a date that exists/],
    ['/api/shipments?dateTo=2026-13-45', 400, /dateTo must be a date that exists/],
    ['/api/shipments?page=1e300', 400, /page must be a whole number from 1 to/],
    ['/api/shipments?page=1.5', 400, /page must be a whole number/],
    ['/api/shipments?page=99999999999999999999', 400, /page must be a whole number from 1 to/],
    ['/api/shipments?limit=1e300', 400, /limit must be a whole number from 1 to 200/],
    ['/api/shipments?search=%00', 400, /search contains an invisible control character/],
    ['/api/shipments?search=a&search=b', 400, /search must be a string/],
    ['/api/team/activity?page=99999999999999999999', 400, /page must be a whole number from 1 to/],
    ['/api/admin/activity?from=2026-02-30', 400, /from must be an ISO 8601 date/],
    ['/api/admin/activity?to=2026-13-45T00:00:00Z', 400, /to must be an ISO 8601 date/],
    // Offsets no place has: Postgres refuses them ("time zone displacement out of range").
    ['/api/admin/activity?from=0001-01-01T00:00:00-23:59', 400, /from must be an ISO 8601 date/],
    ['/api/admin/activity?to=9999-12-31T23:59:59%2B15:00', 400, /to must be an ISO 8601 date/],
    ['/api/admin/activity?from=2026-01-01T10:00:00%2B05:60', 400, /from must be an ISO 8601 date/],
    // Repeated rules say their message once.
    ['/api/shipments?page=-1', 400, /^page must be a whole number from 1 to 1,000,000$/],
  ])('GET %s → %d', async (url, status, message) => {
    const agent = url.startsWith('/api/admin') ? platform : admin;
    const res = await agent.get(url);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
  });

  it('still answers good filters', async () => {
    await admin.get('/api/shipments?dateFrom=2024-02-29&dateTo=2026-11-25&page=2&limit=10').expect(200);
    await platform.get('/api/admin/activity?from=2026-01-01&to=2026-12-31T23:59:59Z&page=1').expect(200);
    await platform
      .get('/api/admin/activity?from=2026-01-01T00:00:00%2B14:00&to=2026-12-31T23:59:59-12:00')
      .expect(200);
  });

  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
  it.each([
    ['POST', '/api/team/invite', { email: 'x@edges.test', role: null }, /role must not be null/],
    ['POST', '/api/team/invite', { email: null }, /email must not be null/],
    ['POST', '/api/team/invite', { email: '\ud800@edges.test' }, /email contains a broken character/],
    ['POST', '/api/team/invite', { email: 'a\u0000@edges.test' }, /email contains an invisible control/],
    ['POST', '/api/company/create', { name: 'Bad\u0000Name' }, /name contains an invisible control/],
    ['POST', '/api/auth/dev-login', { email: 'n@edges.test', name: 'x\udc00' }, /name contains a broken/],
    ['POST', '/api/auth/dev-login', { email: '\ud800@edges.test' }, /email contains a broken character/],
    ['PUT', '/api/company-settings', { newOrderDays: null }, /newOrderDays must not be null/],
    ['POST', '/api/shipments/process', { shipments: [null] }, /shipments\[0\] must not be null/],
    // A nested field is named where it sits, not as "shipments is invalid".
    [
      'POST',
      '/api/shipments/process',
      {
        shipments: [
          { orderId: 'bo_x', trackingNumber: 't', carrier: 'UPS', shipDate: 'x', shippingCost: -1 },
        ],
      },
      /^shipments\[0\]: Shipping cost cannot be negative$/,
    ],
    ['POST', '/api/auth/dev-login', { faireToken: 'tok en\u00e9\n' }, /Faire access token/],
  ])('%s %s %j → 400', async (method, url, body, message) => {
    const req = method === 'PUT' ? admin.put(url) : admin.post(url);
    const res = await req.send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  it.each([
    ['/api/team/invite', deep(3000)],
    ['/api/team/invite', '{"a":'.repeat(3000) + '1' + '}'.repeat(3000)],
    ['/api/auth/dev-login', deep(65)],
    ['/api/auth/google', deep(100000)],
  ])('refuses a body nested deeper than 64 levels on %s with 400', async (url, text) => {
    const res = await t.agent().post(url).set('Content-Type', 'application/json').send(text);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is nested too deeply (at most 64 levels)');
  });

  it('keeps /api/health answering while anonymous clients send 600 KB of brackets', async () => {
    const brackets = deep(300_000);
    let healthAnswers = 0;
    let sending = true;
    const poll = (async () => {
      while (sending) {
        await t.agent().get('/api/health').expect(200);
        healthAnswers += 1;
      }
    })();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.agent().post('/api/team/invite').set('Content-Type', 'application/json').send(brackets),
      ),
    );
    sending = false;
    await poll;
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(healthAnswers).toBeGreaterThan(0);
  });

  it('accepts 64 levels of nesting as far as depth goes (the DTO then decides)', async () => {
    const res = await admin
      .post('/api/team/invite')
      .set('Content-Type', 'application/json')
      .send(`{"email":"deep@edges.test","x":${deep(62)}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/property x should not exist/);
  });

  it.each([
    [
      'a second file field',
      (r: ReturnType<TestAgent['post']>) => r.attach('other', Buffer.from('a'), 'a.csv'),
    ],
    ['two CSV files', (r: ReturnType<TestAgent['post']>) => r.attach('csv', Buffer.from('b'), 'b.csv')],
    [
      'a repeated columnMapping',
      (r: ReturnType<TestAgent['post']>) => r.field('columnMapping', '{}').field('columnMapping', '{}'),
    ],
    [
      'too many fields',
      (r: ReturnType<TestAgent['post']>) => {
        for (let i = 0; i < 10; i++) r = r.field(`f${i}`, 'x');
        return r;
      },
    ],
  ])('refuses an upload with %s with 400 and a message', async (_what, extra) => {
    const res = await extra(
      admin.post('/api/shipments/upload').attach('csv', Buffer.from('order_id\n1\n'), 'a.csv'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(
      /"csv"|one CSV file|form fields|columnMapping must be a single text value/,
    );
  });

  it.each([
    [
      'a company name with a line break',
      '/api/company/create',
      { name: 'Evil\nCo' },
      /Company name must not/,
    ],
    ['a company name with a bell', '/api/company/create', { name: 'Bell\u0007Co' }, /Company name must not/],
    [
      'a person’s name with a tab',
      '/api/auth/dev-login',
      { email: 'tab@edges.test', name: 'A\tB' },
      /name must not/,
    ],
    [
      'an admin id with a control character',
      '/api/admin/config',
      { googleClientId: 'id\u0007x' },
      /googleClientId/,
    ],
  ])('refuses %s with 400 and says why', async (_what, path, body, message) => {
    const caller = path.startsWith('/api/admin')
      ? platform
      : path.endsWith('create')
        ? await t.signIn('nameless@edges.test')
        : t.agent();
    const res = await caller.post(path).send(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toMatch(/control characters/);
  });

  it('refuses a Faire token with characters no token has at once, without calling Faire', async () => {
    const before = faireCalls;
    for (const faireToken of ['abc def\u0007x', 'tökenvalue', 'line\r\nX-Injected: 1', 'x'.repeat(513)]) {
      const res = await t.agent().post('/api/auth/dev-login').send({ email: 'tok@edges.test', faireToken });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/faireToken must be a Faire access token/);
    }
    expect(faireCalls).toBe(before);
    // A well-formed token is checked with Faire (the counter sees it), and Faire's refusal is a 4xx.
    const res = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'tok@edges.test', faireToken: 'wellformed_token_123' });
    expect(faireCalls).toBeGreaterThan(before);
    expect(res.status).toBeLessThan(500);
    expect(companyId).toBeTruthy();
  });
});
