// The admin panel, by area: stats and the queue dashboard.
// Access and configuration: admin-config.e2e-spec.ts; users, companies and activity:
// admin-users.e2e-spec.ts.
import { InboundSftpServer, InboundSmtpReceiver } from '../src/modules/inbound/index.js';
import { type AdminPanel, ROOT, useAdminPanel } from './helpers/admin-panel.js';
import type { TestAgent, TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 3_600_000;

describe('admin panel', () => {
  const panel = useAdminPanel();
  let t: TestApp;
  let root: TestAgent;
  let companyA: AdminPanel['companyA'];
  const count = (sql: string, params?: unknown[]) => panel.count(sql, params);

  beforeAll(() => {
    ({ t, root, companyA } = panel);
  });

  describe('stats', () => {
    it('counts users, successful shipments and users active within 30 days, as the database does', async () => {
      const now = t.clock.nowMs();
      await t.db.query(
        `INSERT INTO users (email, name, last_sign_in_at) VALUES
           ('old@x.test', 'Old', $1), ('never@x.test', 'Never', NULL), ('recent@x.test', 'Recent', $2)`,
        [new Date(now - 45 * DAY_MS), new Date(now - 29 * DAY_MS)],
      );
      const upload = await t.db.query<{ id: string }>(
        `INSERT INTO uploads (company_id, source, file_name) VALUES ($1, 'UPLOAD', 'a.csv') RETURNING id`,
        [companyA.companyId],
      );
      const statuses = ['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'PENDING', 'ORDER_NOT_FOUND'];
      for (const [i, status] of statuses.entries()) {
        await t.db.query(
          `INSERT INTO shipments (company_id, upload_id, row_number, order_id, display_id, tracking_number,
                                  carrier, ship_date, shipping_cost_cents, status)
           VALUES ($1, $2, $3, $4, $5, $6, 'UPS', '2026-01-05', 1200, $7)`,
          [companyA.companyId, upload.rows[0]!.id, i + 1, `bo_order${i}`, `#ORDER${i}`, `1Z${i}`, status],
        );
      }
      const expected = async (asOf: number) => ({
        totalUsers: await count('SELECT count(*)::int AS n FROM users'),
        totalShipments: await count("SELECT count(*)::int AS n FROM shipments WHERE status = 'SUCCESS'"),
        activeUsers: await count('SELECT count(*)::int AS n FROM users WHERE last_sign_in_at >= $1', [
          new Date(asOf - 30 * DAY_MS),
        ]),
      });

      const res = await root.get('/api/admin/stats').expect(200);
      expect(res.body).toEqual({
        ...(await expected(t.clock.nowMs())),
        system: {
          api: 'Connected',
          database: 'Operational',
          oauth: 'Active',
          queue: 'Operational',
          stuckUploads: 0,
          mailIn: 'Listening',
          sftpDrop: 'Listening',
        },
        capacity: expect.any(Object), // test/capacity.e2e-spec.ts
      });
      expect(res.body.totalShipments).toBe(3);

      // Two days on; another admin session asks (moving the clock would end `root`'s idle session).
      t.clock.advance(2 * DAY_MS);
      const later = await (await t.signIn(ROOT)).get('/api/admin/stats').expect(200);
      expect(later.body).toMatchObject(await expected(t.clock.nowMs()));
      expect(later.body.activeUsers).toBe(res.body.activeUsers - 1);
    });

    it('reports the marketplace API as Disconnected when it fails', async () => {
      t.sandbox.knobs.set({ error5xxShare: 1 });
      const res = await root.get('/api/admin/stats').expect(200);
      expect(res.body.system).toEqual({
        api: 'Disconnected',
        database: 'Operational',
        oauth: 'Active',
        queue: 'Operational',
        stuckUploads: 0,
        mailIn: 'Listening',
        sftpDrop: 'Listening',
      });
    });

    it('reports each receiver Down once no worker of the fleet listens, and Listening again', async () => {
      const system = async (): Promise<unknown> =>
        (await root.get('/api/admin/stats').expect(200)).body.system as unknown;
      const mail = t.app.get(InboundSmtpReceiver);
      const sftp = t.app.get(InboundSftpServer);
      expect(mail.port()).toBeGreaterThan(0);
      expect(sftp.port()).toBeGreaterThan(0);
      await mail.onApplicationShutdown();
      expect(await system()).toMatchObject({ mailIn: 'Down', sftpDrop: 'Listening' });
      await sftp.onApplicationShutdown();
      expect(await system()).toMatchObject({ mailIn: 'Down', sftpDrop: 'Down' });
      await mail.onApplicationBootstrap();
      await sftp.onApplicationBootstrap();
      expect(await system()).toMatchObject({ mailIn: 'Listening', sftpDrop: 'Listening' });
    });
  });

  describe('queue dashboard', () => {
    it('answers 401 signed out, 403 to a non-admin and the dashboard to a platform admin', async () => {
      await t.agent().get('/api/admin/queues').expect(401);
      await t.agent().get('/api/admin/queues/api/queues').expect(401);
      const denied = await companyA.agent.get('/api/admin/queues').expect(403);
      expect(denied.body.message).toBe("You don't have admin privileges to access this page.");
      await companyA.agent.get('/api/admin/queues/api/queues').expect(403);

      const page = await root.get('/api/admin/queues').expect(200);
      expect(page.text).toContain('<base href="/api/admin/queues/"');
      expect(page.headers['content-security-policy']).toContain('https://fonts.googleapis.com');
      const api = await root.get('/api/admin/queues/api/queues').expect(200);
      const names = (api.body.queues as { name: string }[]).map((q) => q.name);
      expect(names).toEqual(expect.arrayContaining(['system']));
      const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1];
      await root.get(`/api/admin/queues/${script}`).expect(200);
      await companyA.agent.get(`/api/admin/queues/${script}`).expect(403);
    });

    it('refuses a state-changing call that does not come from this origin', async () => {
      const res = await root
        .put('/api/admin/queues/api/queues/system/pause')
        .unset('X-Requested-With')
        .set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
    });
  });
});
