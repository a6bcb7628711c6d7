// The admin panel, by area: users, companies and invitations, and the activity log.
// Access and configuration: admin-config.e2e-spec.ts; stats and the queue dashboard:
// admin-monitoring.e2e-spec.ts.
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { randomUUID } from 'node:crypto';
import { type AdminPanel, ROOT, useAdminPanel } from './helpers/admin-panel.js';
import type { TestAgent, TestApp } from './helpers/test-app.js';

const DAY_MS = 24 * 3_600_000;

describe('admin panel', () => {
  const panel = useAdminPanel();
  let t: TestApp;
  let root: TestAgent;
  let companyA: AdminPanel['companyA'];
  let companyB: AdminPanel['companyB'];
  const count = (sql: string, params?: unknown[]) => panel.count(sql, params);
  const activityCount = (action: string) => panel.activityCount(action);

  beforeAll(() => {
    ({ t, root, companyA, companyB } = panel);
  });

  describe('users, companies and invitations', () => {
    it('lists every user with company, connection and admin flag', async () => {
      const res = await root.get('/api/admin/users').expect(200);
      const byEmail = new Map(
        (res.body as { email: string }[]).map((u) => [u.email, u as Record<string, unknown>]),
      );
      expect(res.body).toHaveLength(await count('SELECT count(*)::int AS n FROM users'));
      expect(byEmail.get(ROOT)).toMatchObject({ name: 'Root Admin', isAdmin: true, companyName: null });
      expect(byEmail.get('owner@a.test')).toMatchObject({
        isAdmin: false,
        hasFaireToken: false,
        companyName: 'Alpha Candles',
        companyId: companyA.companyId,
      });
      expect(byEmail.get('owner@b.test')).toMatchObject({
        hasFaireToken: true,
        companyName: 'Beta Soaps',
        faireConnection: {
          brandName: 'Juniper & Pine Candle Co.',
          status: 'CONNECTED',
          connectedByName: 'owner',
          brandShared: false,
        },
      });
      expect(byEmail.get('owner@a.test')!.faireConnection).toBeNull();
      expect(Date.parse(byEmail.get('owner@a.test')!.lastSignInAt as string)).not.toBeNaN();
      expect(Object.keys(byEmail.get(ROOT)!).sort()).toEqual(
        [
          'companyId',
          'companyName',
          'email',
          'faireConnection',
          'hasFaireToken',
          'id',
          'isAdmin',
          'lastSignInAt',
          'name',
        ].sort(),
      );
    });

    it('a brand two companies hold: both flagged with their company id; releasing one clears the flag', async () => {
      // The product refuses a second holder; force one in the database, as a leftover of the per-user era.
      await t.db.query(
        `INSERT INTO marketplace_connections (company_id, connected_by, seal_id, auth_mode, brand_id, brand_name,
                                              token_ciphertext, scopes, status, currency)
         SELECT $1, $2, seal_id, auth_mode, brand_id, brand_name, token_ciphertext, scopes, status, currency
           FROM marketplace_connections WHERE company_id = $3`,
        [companyA.companyId, companyA.userId, companyB.companyId],
      );
      type Row = { email: string; companyId: string | null; faireConnection: Record<string, unknown> | null };
      const users = async () =>
        new Map(((await root.get('/api/admin/users').expect(200)).body as Row[]).map((u) => [u.email, u]));
      const shared = await users();
      expect(shared.get('owner@a.test')).toMatchObject({
        companyId: companyA.companyId,
        faireConnection: {
          brandId: SANDBOX_FIXTURES.brand1.brandId,
          brandName: 'Juniper & Pine Candle Co.',
          status: 'CONNECTED',
          currency: 'USD',
          brandShared: true,
        },
      });
      expect(shared.get('owner@b.test')).toMatchObject({
        companyId: companyB.companyId,
        faireConnection: { brandShared: true },
      });
      expect(Object.keys(shared.get('owner@b.test')!.faireConnection!).sort()).toEqual(
        ['brandId', 'brandName', 'brandShared', 'connectedByName', 'currency', 'status'].sort(),
      );
      expect(shared.get(ROOT)).toMatchObject({ companyId: null, faireConnection: null });
      const companies = (await root.get('/api/admin/companies').expect(200)).body as {
        id: string;
        faireConnection: { brandShared: boolean } | null;
      }[];
      for (const id of [companyA.companyId, companyB.companyId]) {
        expect(companies.find((c) => c.id === id)?.faireConnection?.brandShared).toBe(true);
      }

      await companyA.agent.delete(`/api/admin/companies/${companyA.companyId}/faire-connection`).expect(403);
      await root.delete(`/api/admin/companies/${randomUUID()}/faire-connection`).expect(404);
      await root.delete('/api/admin/companies/not-a-uuid/faire-connection').expect(400);
      const disconnects = await activityCount('marketplace.disconnected');
      expect(
        (await root.delete(`/api/admin/companies/${companyA.companyId}/faire-connection`).expect(200)).body,
      ).toEqual({ ok: true });
      const released = await users();
      expect(released.get('owner@a.test')).toMatchObject({
        companyId: companyA.companyId,
        hasFaireToken: false,
        faireConnection: null,
      });
      expect(released.get('owner@b.test')!.faireConnection).toMatchObject({
        brandName: 'Juniper & Pine Candle Co.',
        status: 'CONNECTED',
        brandShared: false,
      });
      expect(await activityCount('marketplace.disconnected')).toBe(disconnects + 1);
    });

    it('lists companies with their active member counts', async () => {
      const res = await root.get('/api/admin/companies').expect(200);
      expect(res.body).toEqual(
        expect.arrayContaining([
          { id: companyA.companyId, name: 'Alpha Candles', members: 1, faireConnection: null },
          {
            id: companyB.companyId,
            name: 'Beta Soaps',
            members: 1,
            faireConnection: expect.objectContaining({ brandName: 'Juniper & Pine Candle Co.' }),
          },
        ]),
      );
    });

    it('invites someone to a chosen company with the team logic and one activity row', async () => {
      const before = await activityCount('invitation.sent');
      const res = await root
        .post('/api/admin/invite')
        .send({ companyId: companyB.companyId, email: 'New.Hire@B.test', role: 'COMPANY_ADMIN' })
        .expect(200);
      expect(res.body).toMatchObject({
        role: 'COMPANY_ADMIN',
        status: 'INVITED',
        user: { email: 'new.hire@b.test' },
      });
      expect(await activityCount('invitation.sent')).toBe(before + 1);
      const row = await t.db.query(
        "SELECT actor_email, actor_is_admin, company_id, target FROM activity WHERE action = 'invitation.sent' ORDER BY id DESC LIMIT 1",
      );
      expect(row.rows[0]).toEqual({
        actor_email: ROOT,
        actor_is_admin: true,
        company_id: companyB.companyId,
        target: 'new.hire@b.test',
      });
      const members = await companyB.agent.get('/api/team/members').expect(200);
      expect(members.body.map((m: { user: { email: string } }) => m.user.email)).toContain('new.hire@b.test');
      const mail = await t.db.query(
        "SELECT subject, link FROM mail_outbox WHERE to_email = 'new.hire@b.test'",
      );
      expect(mail.rows[0].subject).toContain('Beta Soaps');
      expect(mail.rows[0].link).toContain('/accept-invite?token=');

      await root
        .post('/api/admin/invite')
        .send({ companyId: companyB.companyId, email: 'new.hire@b.test' })
        .expect(409);
      await root.post('/api/admin/invite').send({ companyId: randomUUID(), email: 'a@b.test' }).expect(404);
      await root.post('/api/admin/invite').send({ companyId: companyB.companyId, email: '' }).expect(400);
      expect(await activityCount('invitation.sent')).toBe(before + 1);
    });
  });

  describe('activity log', () => {
    it('lists newest first with company names, filters by action, company and time, and paginates', async () => {
      const all = await root.get('/api/admin/activity?limit=100').expect(200);
      expect(all.body.total).toBe(await count('SELECT count(*)::int AS n FROM activity'));
      const stamps = (all.body.items as { timestamp: string }[]).map((i) => Date.parse(i.timestamp));
      expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
      const created = (all.body.items as { action: string; companyId: string }[]).find(
        (i) => i.action === 'company.created' && i.companyId === companyA.companyId,
      );
      expect(created).toMatchObject({
        companyName: 'Alpha Candles',
        actorEmail: 'owner@a.test',
        isAdmin: false,
      });

      const signIns = await root.get('/api/admin/activity?action=auth.signed_in&limit=100').expect(200);
      expect(signIns.body.total).toBe(await activityCount('auth.signed_in'));
      expect(new Set(signIns.body.items.map((i: { action: string }) => i.action))).toEqual(
        new Set(['auth.signed_in']),
      );
      const rootSignIn = signIns.body.items.find((i: { actorEmail: string }) => i.actorEmail === ROOT);
      expect(rootSignIn).toMatchObject({ isAdmin: true });

      const ofB = await root.get(`/api/admin/activity?companyId=${companyB.companyId}&limit=100`).expect(200);
      expect(ofB.body.total).toBe(
        await count('SELECT count(*)::int AS n FROM activity WHERE company_id = $1', [companyB.companyId]),
      );
      expect(ofB.body.items.every((i: { companyId: string }) => i.companyId === companyB.companyId)).toBe(
        true,
      );

      const page1 = await root.get('/api/admin/activity?page=1&limit=2').expect(200);
      const page2 = await root.get('/api/admin/activity?page=2&limit=2').expect(200);
      expect(page1.body.items).toHaveLength(2);
      expect(page2.body.items).toHaveLength(2);
      expect(page1.body.total).toBe(all.body.total);
      expect(page2.body.total).toBe(all.body.total);
      expect([...page1.body.items, ...page2.body.items]).toEqual(all.body.items.slice(0, 4));
      const beyond = await root.get('/api/admin/activity?page=999&limit=100').expect(200);
      expect(beyond.body).toEqual({ items: [], total: all.body.total });

      const future = new Date(Date.now() + DAY_MS).toISOString();
      const none = await root.get(`/api/admin/activity?from=${encodeURIComponent(future)}`).expect(200);
      expect(none.body).toEqual({ items: [], total: 0 });
      const past = await root.get(`/api/admin/activity?to=${encodeURIComponent(future)}&limit=1`).expect(200);
      expect(past.body.total).toBe(all.body.total);

      await root.get('/api/admin/activity?limit=0').expect(400);
      await root.get('/api/admin/activity?limit=101').expect(400);
      await root.get('/api/admin/activity?companyId=nope').expect(400);
      await root.get('/api/admin/activity?from=yesterday').expect(400);
    });

    it("shows a company admin only their own company's activity", async () => {
      const res = await companyA.agent.get('/api/team/activity?limit=100').expect(200);
      expect(res.body.total).toBe(
        await count('SELECT count(*)::int AS n FROM activity WHERE company_id = $1', [companyA.companyId]),
      );
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.items.every((i: { companyId: string }) => i.companyId === companyA.companyId)).toBe(
        true,
      );
      const first = await companyA.agent.get('/api/team/activity?limit=1').expect(200);
      expect(first.body.items).toEqual(res.body.items.slice(0, 1));
      // One action's entries, and a page past the end still answers the total (a second, counting query).
      const action = (res.body.items[0] as { action: string }).action;
      const ofAction = res.body.items.filter((i: { action: string }) => i.action === action);
      const byAction = await companyA.agent.get(`/api/team/activity?limit=100&action=${action}`).expect(200);
      expect(byAction.body).toEqual({ items: ofAction, total: ofAction.length });
      const beyond = await companyA.agent.get(`/api/team/activity?page=999&action=${action}`).expect(200);
      expect(beyond.body).toEqual({ items: [], total: ofAction.length });
      await companyA.agent.get(`/api/team/activity?companyId=${companyB.companyId}`).expect(400);
      await root.get('/api/team/activity').expect(403);
      await t.agent().get('/api/team/activity').expect(401);
    });
  });
});
