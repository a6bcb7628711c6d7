import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * Every API route x every kind of caller, with the status each must get. A route added without a row
 * here fails the first test, so no route ships without an access decision.
 */
type Persona = 'signedOut' | 'user' | 'admin' | 'otherAdmin' | 'platform';
const PERSONAS: Persona[] = ['signedOut', 'user', 'admin', 'otherAdmin', 'platform'];
/** A well-formed id that names nothing. */
const NIL = '00000000-0000-0000-0000-000000000000';

interface Ctx {
  t: TestApp;
  /** An ACTIVE COMPANY_USER of company A. */
  userMemberId: string;
  /** A fresh INVITED member of company A. */
  newInvitee(): Promise<string>;
  n: number;
}

interface Row {
  /** Expected status per persona, in PERSONAS order. */
  expect: [number, number, number, number, number];
  path?: (c: Ctx) => Promise<string> | string;
  body?: (c: Ctx) => object;
  /** Rows that change sessions or companies run last, in this order. */
  order?: number;
}

const MATRIX: Record<string, Row> = {
  'GET /api/health': { expect: [200, 200, 200, 200, 200] },
  'GET /api/auth/config': { expect: [200, 200, 200, 200, 200] },
  'GET /api/auth/google/start': { expect: [404, 404, 404, 404, 404] },
  'POST /api/auth/google/callback': { expect: [404, 404, 404, 404, 404], body: () => ({}) },
  'POST /api/auth/google': { expect: [400, 400, 400, 400, 400], body: () => ({}) },
  'POST /api/auth/dev-login': { expect: [400, 400, 400, 400, 400], body: () => ({ email: 'not-an-email' }) },
  'GET /api/auth/me': { expect: [401, 200, 200, 200, 200] },
  'POST /api/auth/logout': { expect: [200, 200, 200, 200, 200], order: 2 },
  'POST /api/company/create': {
    expect: [401, 409, 409, 409, 200],
    body: (c) => ({ name: `Co ${c.n}` }),
    order: 1,
  },
  'GET /api/team/members': { expect: [401, 200, 200, 200, 403] },
  'POST /api/team/invite': {
    expect: [401, 403, 200, 200, 403],
    body: (c) => ({ email: `inv${c.n}@example.com` }),
  },
  'DELETE /api/team/members/:memberId': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/team/members/${await c.newInvitee()}`,
  },
  'PATCH /api/team/members/:memberId/role': {
    expect: [401, 403, 200, 404, 403],
    path: (c) => `/api/team/members/${c.userMemberId}/role`,
    body: () => ({ role: 'COMPANY_USER' }),
  },
  'POST /api/team/resend-invite/:memberId': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/team/resend-invite/${await c.newInvitee()}`,
  },
  'POST /api/team/accept-invite': {
    expect: [401, 404, 404, 404, 404],
    body: () => ({ token: 'x'.repeat(43) }),
  },
  'GET /api/team/outbox': { expect: [401, 403, 200, 200, 403] },
  // Only a company admin connects or changes the company's Faire account.
  'GET /api/oauth/faire/authorize': { expect: [401, 403, 200, 200, 403] },
  'GET /api/oauth/faire/callback': { expect: [302, 302, 302, 302, 302] },
  'GET /api/faire/brand-profile': { expect: [401, 409, 409, 409, 409] },
  'GET /api/faire/connection': { expect: [401, 200, 200, 200, 200] },
  'DELETE /api/faire/connection': { expect: [401, 403, 200, 200, 403] },
  'POST /api/shipments/upload': { expect: [401, 400, 400, 400, 403] },
  'POST /api/shipments/process': { expect: [401, 400, 400, 400, 403], body: () => ({ shipments: [] }) },
  'GET /api/shipments': { expect: [401, 200, 200, 200, 403] },
  'GET /api/shipments/uploads': { expect: [401, 200, 200, 200, 403] },
  'POST /api/shipments/order-check': { expect: [401, 200, 200, 200, 403], body: () => ({ rows: [] }) },
  'GET /api/shipments/uploads/readiness': { expect: [401, 200, 200, 200, 403] },
  'GET /api/shipments/uploads/:uploadId': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/shipments/uploads/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/shipments/uploads/:uploadId/rows': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/shipments/uploads/00000000-0000-4000-8000-000000000000/rows',
  },
  'GET /api/shipments/uploads/:uploadId/failed.csv': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/shipments/uploads/00000000-0000-4000-8000-000000000000/failed.csv',
  },
  'POST /api/shipments/uploads/:uploadId/retry-failed': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/shipments/uploads/00000000-0000-4000-8000-000000000000/retry-failed',
  },
  'POST /api/shipments/:id/retry': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/shipments/00000000-0000-4000-8000-000000000000/retry',
  },
  'GET /api/column-mappings': { expect: [401, 200, 200, 200, 403] },
  'DELETE /api/column-mappings/:id': {
    expect: [401, 404, 404, 404, 403],
    path: () => '/api/column-mappings/00000000-0000-4000-8000-000000000000',
  },
  'GET /api/orders': {
    expect: [401, 200, 200, 200, 403],
    path: () =>
      '/api/orders?search=a&state=NEW&problem=false&sort=expectedShipDate&order=DESC&page=1&perPage=20',
  },
  'GET /api/orders/problem': { expect: [401, 200, 200, 200, 403] },
  'GET /api/orders/late-rate': { expect: [401, 200, 200, 200, 403] },
  'GET /api/digest/preferences': { expect: [401, 200, 200, 200, 403] },
  'PUT /api/digest/preferences': { expect: [401, 200, 200, 200, 403], body: () => ({ dailyDigest: true }) },
  'POST /api/orders/refresh': { expect: [401, 409, 409, 409, 403] },
  'GET /api/analytics/stats': { expect: [401, 200, 200, 200, 403] },
  'GET /api/company-settings': { expect: [401, 200, 200, 200, 403] },
  'PUT /api/company-settings': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ newOrderDays: 1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 }),
  },
  'GET /api/admin/config': { expect: [401, 403, 403, 403, 200] },
  'POST /api/admin/config': { expect: [401, 403, 403, 403, 200], body: () => ({}) },
  'POST /api/admin/test-api': { expect: [401, 403, 403, 403, 200] },
  'GET /api/admin/users': { expect: [401, 403, 403, 403, 200] },
  'GET /api/admin/stats': { expect: [401, 403, 403, 403, 200] },
  'GET /api/admin/activity': { expect: [401, 403, 403, 403, 200] },
  // Shopify (decision 0047): company admins start connecting; a shop that is not a myshopify.com domain
  // is refused before anything is stored.
  'POST /api/integrations/shopify': {
    expect: [401, 403, 400, 400, 403],
    body: () => ({ shop: 'not a shop' }),
  },
  // Shopify sends the browser back: without this session's state it goes to Settings with an error.
  'GET /api/integrations/shopify/callback': { expect: [302, 302, 302, 302, 302] },
  // A webhook: no session, no anti-forgery header; without Shopify's signature it is 401 for everyone.
  'POST /api/hooks/shopify': { expect: [401, 401, 401, 401, 401], body: () => ({ id: 1 }) },
  'GET /api/admin/companies': { expect: [401, 403, 403, 403, 200] },
  'POST /api/admin/invite': {
    // An unknown company: the platform admin passes the access check and gets 404.
    expect: [401, 403, 403, 403, 404],
    body: (c) => ({ companyId: '00000000-0000-4000-8000-000000000000', email: `adm${c.n}@example.com` }),
  },
  'DELETE /api/admin/companies/:companyId/faire-connection': {
    // An unknown company: the platform admin passes the access check and gets 404.
    expect: [401, 403, 403, 403, 404],
    path: () => '/api/admin/companies/00000000-0000-4000-8000-000000000000/faire-connection',
  },
  'GET /api/team/activity': { expect: [401, 403, 200, 200, 403] },
  // Source connections (decision 0034): members read, company admins change; another company's is 404.
  'GET /api/integrations': { expect: [401, 200, 200, 200, 403] },
  'POST /api/integrations/shipstation': {
    // Refused before any call to ShipStation: the key is not one (the access decision comes first).
    expect: [401, 403, 400, 400, 403],
    body: () => ({ apiKey: 'not a key', apiSecret: 'x' }),
  },
  // ShipStation store mode (decision 0071): admins only; a company with no ShipStation connection is 409.
  'POST /api/integrations/shipstation/store': { expect: [401, 403, 409, 409, 403] },
  'DELETE /api/integrations/shipstation/store': { expect: [401, 403, 200, 200, 403] },
  'GET /api/integrations/attention': { expect: [401, 200, 200, 200, 403] },
  'POST /api/integrations/attention/send': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'POST /api/integrations/attention/dismiss': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'GET /api/integrations/waiting': { expect: [401, 200, 200, 200, 403] },
  'POST /api/integrations/waiting/send': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'POST /api/integrations/waiting/dismiss': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
  },
  'PATCH /api/integrations/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/integrations/${await sourceConnectionOfA(c)}`,
    body: () => ({ paused: true }),
  },
  'DELETE /api/integrations/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/integrations/${await sourceConnectionOfA(c)}`,
  },
  'GET /api/company/api-keys': { expect: [401, 200, 200, 200, 403] },
  'POST /api/company/api-keys': {
    expect: [401, 403, 201, 201, 403],
    body: () => ({ name: 'Matrix', scopes: ['orders:read'] }),
  },
  'DELETE /api/company/api-keys/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/api-keys/${await apiKeyOfA(c)}`,
  },
  'GET /api/company/webhooks': { expect: [401, 200, 200, 200, 403] },
  'POST /api/company/webhooks': {
    expect: [401, 403, 201, 201, 403],
    body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['shipment.failed'] }),
  },
  'PATCH /api/company/webhooks/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/webhooks/${await webhookOfA(c)}`,
    body: () => ({ enabled: false }),
  },
  'DELETE /api/company/webhooks/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/webhooks/${await webhookOfA(c)}`,
  },
  'POST /api/company/webhooks/:id/rotate-secret': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/webhooks/${await webhookOfA(c)}/rotate-secret`,
  },
  'GET /api/company/webhooks/:id/deliveries': {
    expect: [401, 200, 200, 404, 403],
    path: async (c) => `/api/company/webhooks/${await webhookOfA(c)}/deliveries`,
  },
  // The test event goes to a closed port: the answer tells the refused try.
  'POST /api/company/webhooks/:id/test': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/webhooks/${await webhookOfA(c)}/test`,
  },
  // The mail-in address is a credential: company admins only, reading included (decision 0069).
  'GET /api/company/inbound': { expect: [401, 403, 200, 200, 403] },
  'POST /api/company/inbound/mail-address': { expect: [401, 403, 200, 200, 403] },
  'PUT /api/company/inbound/allowed-senders': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ allowedSenders: ['ops@warehouse.test'] }),
  },
  // The SFTP login, likewise (decision 0070).
  'PUT /api/company/inbound/sftp': {
    expect: [401, 403, 200, 200, 403],
    body: () => ({ password: 'matrix-sftp-password' }),
  },
  'DELETE /api/company/inbound/sftp/keys/:id': {
    expect: [401, 403, 200, 404, 403],
    path: async (c) => `/api/company/inbound/sftp/keys/${await sftpKeyOfA(c)}`,
  },
  // The public API: a session opens nothing there (a key does, tested in api-keys.e2e-spec.ts).
  'GET /api/v1/orders': { expect: [401, 401, 401, 401, 401] },
  'POST /api/v1/shipments': { expect: [401, 401, 401, 401, 401], body: () => [] },
  'GET /api/v1/shipments': { expect: [401, 401, 401, 401, 401] },
  'GET /api/v1/shipments/:id': { expect: [401, 401, 401, 401, 401], path: () => `/api/v1/shipments/${NIL}` },
  'GET /api/v1/uploads/:id': { expect: [401, 401, 401, 401, 401], path: () => `/api/v1/uploads/${NIL}` },
  // The ShipStation store: Basic auth only (a session opens nothing); an unknown store is 401 for everyone.
  'GET /api/hooks/shipstation-store/:storeId': {
    expect: [401, 401, 401, 401, 401],
    path: () => `/api/hooks/shipstation-store/${'x'.repeat(32)}?action=export`,
  },
  'POST /api/hooks/shipstation-store/:storeId': {
    expect: [401, 401, 401, 401, 401],
    path: () => `/api/hooks/shipstation-store/${'x'.repeat(32)}?action=shipnotify`,
  },
  // A webhook: no session, no anti-forgery header; an unknown token is 404 for everyone.
  'POST /api/hooks/shipstation/:token': {
    expect: [404, 404, 404, 404, 404],
    path: () => `/api/hooks/shipstation/${'x'.repeat(43)}`,
    body: () => ({ resource_url: 'http://127.0.0.1:1/shipments', resource_type: 'SHIP_NOTIFY' }),
  },
};

/** A fresh live API key of company A (its key never used by these routes). */
async function apiKeyOfA(c: Ctx): Promise<string> {
  const { rows } = await c.t.db.query<{ id: string }>(
    `INSERT INTO api_keys (company_id, name, prefix, key_hash, scopes)
     SELECT id, 'Matrix', 'fsk_matrix', md5(random()::text), '{orders:read}' FROM companies WHERE name = 'Company A'
     RETURNING id`,
  );
  return rows[0]!.id;
}

/** A fresh webhook endpoint of company A, sealed with the app's own key (its test goes to a closed port). */
async function webhookOfA(c: Ctx): Promise<string> {
  const id = randomUUID();
  await c.t.db.query(
    `INSERT INTO webhook_endpoints (id, company_id, url, events, secret_ciphertext, since_us, shipments_cursor_us, attention_cursor_us)
     SELECT $1, id, 'http://127.0.0.1:9/hook', '{shipment.failed}', $2, 0, 0, 0 FROM companies WHERE name = 'Company A'`,
    [id, c.t.app.get(SecretBox).seal(`whsec_${randomBytes(32).toString('base64')}`, id)],
  );
  return id;
}

/** A fresh public key row of company A's SFTP login (the key itself is never read by the route). */
async function sftpKeyOfA(c: Ctx): Promise<string> {
  const id = randomUUID();
  await c.t.db.query(
    `INSERT INTO inbound_sftp_logins (company_id, username)
     SELECT id, 'brand-' || left(replace(id::text, '-', ''), 12) FROM companies WHERE name = 'Company A'
     ON CONFLICT (company_id) DO NOTHING`,
  );
  await c.t.db.query(
    `INSERT INTO inbound_sftp_keys (id, company_id, key_type, public_key, fingerprint)
     SELECT $1, id, 'ssh-ed25519', 'ssh-ed25519 AAAA', $2 FROM companies WHERE name = 'Company A'`,
    [id, `SHA256:${randomBytes(32).toString('base64')}`],
  );
  return id;
}

/** A fresh ShipStation connection row of company A (its credentials never opened by these routes). */
async function sourceConnectionOfA(c: Ctx): Promise<string> {
  const { rows } = await c.t.db.query<{ id: string }>(
    `INSERT INTO source_connections (company_id, kind, credentials_ciphertext, hook_token_hash)
     SELECT id, 'SHIPSTATION', 'v1.x.y.z', md5(random()::text) FROM companies WHERE name = 'Company A'
     ON CONFLICT (company_id, kind) DO UPDATE SET paused = false RETURNING id`,
  );
  return rows[0]!.id;
}

function listRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const path = layer.route.path;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const method of Object.keys(layer.route.methods)) {
      if (method === '_all' || method === 'head') continue;
      routes.add(`${method.toUpperCase()} ${path}`);
    }
  }
  return [...routes].sort();
}

describe('route access matrix', () => {
  let t: TestApp;
  let agents: Record<Persona, TestAgent>;
  let ctx: Ctx;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'platform@ops.test' });
    const a = await t.companyAdmin('admin@a.test', 'Company A');
    const b = await t.companyAdmin('admin@b.test', 'Company B');
    const inv = await a.agent.post('/api/team/invite').send({ email: 'user@a.test' }).expect(200);
    const { rows } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'user@a.test'",
    );
    const user = await t.signIn('user@a.test');
    await user
      .post('/api/team/accept-invite')
      .send({ token: new URL(rows[0]!.link).searchParams.get('token') })
      .expect(200);
    agents = {
      signedOut: t.agent(),
      user,
      admin: a.agent,
      otherAdmin: b.agent,
      platform: await t.signIn('platform@ops.test'),
    };
    let n = 0;
    ctx = {
      t,
      userMemberId: inv.body.id as string,
      n: 0,
      async newInvitee() {
        n += 1;
        const res = await a.agent
          .post('/api/team/invite')
          .send({ email: `target${n}@a.test` })
          .expect(200);
        return res.body.id as string;
      },
    };
  });

  afterAll(async () => {
    await t.close();
  });

  it('has a row for every route (a new route needs an access decision)', () => {
    const routes = listRoutes(t);
    const missing = routes.filter((r) => !MATRIX[r]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  const rows = Object.entries(MATRIX).sort(([, a], [, b]) => (a.order ?? 0) - (b.order ?? 0));
  for (const [route, row] of rows) {
    it(`${route}: ${PERSONAS.map((p, i) => `${p} ${row.expect[i]}`).join(', ')}`, async () => {
      const [method, template] = route.split(' ');
      const got: number[] = [];
      for (const persona of PERSONAS) {
        ctx.n += 1;
        const path = row.path ? await row.path(ctx) : template;
        const agent = agents[persona];
        const m = method!.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
        let req = agent[m](path!);
        if (row.body) req = req.send(row.body(ctx));
        const res: request.Response = await req;
        got.push(res.status);
      }
      expect(got).toEqual(row.expect);
    });
  }
});
