import { API_ONLY, createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** The token from the newest development outbox message to `email`. */
async function latestToken(t: TestApp, email: string): Promise<string> {
  const { rows } = await t.db.query<{ link: string }>(
    'SELECT link FROM mail_outbox WHERE to_email = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  return new URL(rows[0]!.link).searchParams.get('token')!;
}

async function invite(t: TestApp, admin: TestAgent, email: string, role?: string) {
  const res = await admin
    .post('/api/team/invite')
    .send({ email, ...(role ? { role } : {}) })
    .expect(200);
  return { memberId: res.body.id as string, token: await latestToken(t, email.toLowerCase()) };
}

// One app for the file: each block works in companies of its own.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(API_ONLY);
});

afterAll(async () => {
  await t.close();
});

describe('team and invitations', () => {
  let admin: TestAgent;

  beforeAll(async () => {
    ({ agent: admin } = await t.companyAdmin('owner@acme.test', 'Acme Candles'));
  });

  afterEach(() => t.clock.reset());

  it('invites with COMPANY_USER by default, stores only the token hash, and mails a link', async () => {
    const { memberId, token } = await invite(t, admin, 'Bea@Example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await t.db.query(
      'SELECT token_hash, expires_at, created_at FROM invitations WHERE membership_id = $1',
      [memberId],
    );
    expect(rows[0].token_hash).toHaveLength(64);
    expect(rows[0].token_hash).not.toContain(token);
    const hours = (rows[0].expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const members = await admin.get('/api/team/members').expect(200);
    const bea = members.body.find((m: { id: string }) => m.id === memberId);
    expect(bea).toMatchObject({
      role: 'COMPANY_USER',
      status: 'INVITED',
      user: { name: null, email: 'bea@example.com' },
    });
    const outbox = await admin.get('/api/team/outbox').expect(200);
    expect(outbox.body[0]).toMatchObject({
      to: 'bea@example.com',
      subject: expect.stringContaining('Acme Candles'),
    });
  });

  it('refuses an empty email with the spec text and a duplicate invitation', async () => {
    const res = await admin.post('/api/team/invite').send({ email: '  ' }).expect(400);
    expect(res.body.message).toContain('Please enter an email address');
    await admin.post('/api/team/invite').send({ email: 'bea@example.com' }).expect(409);
    await admin.post('/api/team/invite').send({ email: 'owner@acme.test' }).expect(409);
  });

  it('accepts an invitation once: the invitee becomes ACTIVE', async () => {
    const { memberId, token } = await invite(t, admin, 'cal@example.com');
    const cal = await t.signIn('cal@example.com', 'Cal');
    const res = await cal.post('/api/team/accept-invite').send({ token }).expect(200);
    expect(res.body.company).toMatchObject({ name: 'Acme Candles', role: 'COMPANY_USER' });
    const members = await admin.get('/api/team/members').expect(200);
    expect(members.body.find((m: { id: string }) => m.id === memberId)).toMatchObject({
      status: 'ACTIVE',
      user: { name: 'Cal' },
    });
    const again = await cal.post('/api/team/accept-invite').send({ token }).expect(409);
    expect(again.body.message).toBe('This invitation has already been used');
  });

  it('gives exactly one membership for 20 parallel accepts', async () => {
    const { memberId, token } = await invite(t, admin, 'dee@example.com');
    const dee = await t.signIn('dee@example.com', 'Dee');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => dee.post('/api/team/accept-invite').send({ token })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const { rows } = await t.db.query(
      "SELECT count(*)::int AS n FROM memberships WHERE email = 'dee@example.com' AND status = 'ACTIVE'",
    );
    expect(rows[0].n).toBe(1);
    const inv = await t.db.query('SELECT accepted_at FROM invitations WHERE membership_id = $1', [memberId]);
    expect(inv.rows[0].accepted_at).not.toBeNull();
  });

  it('refuses an invitation opened by another account (case-insensitive match otherwise)', async () => {
    const { token } = await invite(t, admin, 'eve@example.com');
    const mallory = await t.signIn('mallory@example.com');
    const res = await mallory.post('/api/team/accept-invite').send({ token }).expect(403);
    expect(res.body.message).toContain('eve@example.com');
    const eve = await t.signIn('EVE@example.com');
    await eve.post('/api/team/accept-invite').send({ token }).expect(200);
  });

  it('refuses an expired invitation (72 hours)', async () => {
    const { token } = await invite(t, admin, 'fay@example.com');
    t.clock.advance(72 * 3_600_000 + 1000);
    const fay = await t.signIn('fay@example.com');
    const res = await fay.post('/api/team/accept-invite').send({ token }).expect(409);
    expect(res.body.message).toContain('expired');
  });

  it('kills the old link when the invitation is resent', async () => {
    const { memberId, token: oldToken } = await invite(t, admin, 'gus@example.com');
    await admin
      .post(`/api/team/resend-invite/${memberId}`)
      .expect(200, { ok: true, invitationDelivery: 'OUTBOX' });
    const newToken = await latestToken(t, 'gus@example.com');
    expect(newToken).not.toBe(oldToken);
    const gus = await t.signIn('gus@example.com');
    await gus.post('/api/team/accept-invite').send({ token: oldToken }).expect(404);
    await gus.post('/api/team/accept-invite').send({ token: newToken }).expect(200);
  });

  it('says where an invitation went, and which outbox links still open an invitation', async () => {
    // A company of its own, so the counts of the other tests stay theirs.
    const { agent: own } = await t.companyAdmin('owner@lark.test', 'Lark & Co.');
    const sent = await own.post('/api/team/invite').send({ email: 'ida@example.com' }).expect(200);
    // No mail server in tests: nothing was emailed, the link is kept in the development outbox.
    expect(sent.body.invitationDelivery).toBe('OUTBOX');
    const used = await invite(t, own, 'jon@example.com');
    await (await t.signIn('jon@example.com')).post('/api/team/accept-invite').send({ token: used.token });
    const replaced = await invite(t, own, 'kim@example.com');
    await own.post(`/api/team/resend-invite/${replaced.memberId}`).expect(200);
    const withdrawn = await invite(t, own, 'lou@example.com');
    await own.delete(`/api/team/members/${withdrawn.memberId}`).expect(200);
    const read = async () =>
      (await own.get('/api/team/outbox').expect(200)).body as { to: string; linkState: string }[];
    const outbox = await read();
    const states = (to: string) => outbox.filter((m) => m.to === to).map((m) => m.linkState);
    expect(states('ida@example.com')).toEqual(['ACTIVE']);
    expect(states('jon@example.com')).toEqual(['USED']);
    // Newest first: the resent link is live, the first one was replaced by it.
    expect(states('kim@example.com')).toEqual(['ACTIVE', 'REPLACED']);
    expect(states('lou@example.com')).toEqual(['WITHDRAWN']);
    await t.db.query(
      `UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE email = 'ida@example.com'`,
    );
    expect((await read()).find((m) => m.to === 'ida@example.com')?.linkState).toBe('EXPIRED');
  });

  it('refuses an unknown token', async () => {
    const someone = await t.signIn('someone@example.com');
    await someone
      .post('/api/team/accept-invite')
      .send({ token: 'x'.repeat(43) })
      .expect(404);
  });

  it('changes roles only for ACTIVE members and never demotes or removes the last admin', async () => {
    const members = await admin.get('/api/team/members').expect(200);
    const owner = members.body.find((m: { isCurrentUser: boolean }) => m.isCurrentUser);
    const demote = await admin
      .patch(`/api/team/members/${owner.id}/role`)
      .send({ role: 'COMPANY_USER' })
      .expect(409);
    expect(demote.body.message).toContain('last company admin');
    const remove = await admin.delete(`/api/team/members/${owner.id}`).expect(409);
    expect(remove.body.message).toContain('last company admin');
    const invited = await invite(t, admin, 'hal@example.com');
    await admin
      .patch(`/api/team/members/${invited.memberId}/role`)
      .send({ role: 'COMPANY_ADMIN' })
      .expect(409);
    await admin.patch(`/api/team/members/${invited.memberId}/role`).send({ role: 'OWNER' }).expect(400);
  });

  it('applies a role change and a removal on the member’s next request', async () => {
    const { memberId, token } = await invite(t, admin, 'ivy@example.com');
    const ivy = await t.signIn('ivy@example.com');
    await ivy.post('/api/team/accept-invite').send({ token }).expect(200);
    await ivy.post('/api/team/invite').send({ email: 'x1@example.com' }).expect(403);
    await admin.patch(`/api/team/members/${memberId}/role`).send({ role: 'COMPANY_ADMIN' }).expect(200);
    await ivy.post('/api/team/invite').send({ email: 'x1@example.com' }).expect(200);
    await admin.patch(`/api/team/members/${memberId}/role`).send({ role: 'COMPANY_USER' }).expect(200);
    await ivy.post('/api/team/invite').send({ email: 'x2@example.com' }).expect(403);
    await admin.delete(`/api/team/members/${memberId}`).expect(200);
    await ivy.get('/api/team/members').expect(403);
    const me = await ivy.get('/api/auth/me').expect(200);
    expect(me.body.company).toBeNull();
  });

  it('lets a second admin be demoted once another admin exists', async () => {
    const { memberId, token } = await invite(t, admin, 'jo@example.com', 'COMPANY_ADMIN');
    const jo = await t.signIn('jo@example.com');
    await jo.post('/api/team/accept-invite').send({ token }).expect(200);
    await jo.patch(`/api/team/members/${memberId}/role`).send({ role: 'COMPANY_USER' }).expect(200);
  });

  it('writes one activity row per team action', async () => {
    const { rows } = await t.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM activity
        WHERE company_id IS DISTINCT FROM (SELECT id FROM companies WHERE name = 'Lark & Co.') GROUP BY action`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    expect(by['company.created']).toBe(1);
    expect(by['invitation.resent']).toBe(1);
    expect(by['invitation.accepted']).toBeGreaterThanOrEqual(5);
    expect(by['member.removed']).toBe(1);
    // Members are named as people know them: "Name (email)" once they have signed in.
    const targets = await t.db.query<{ target: string }>(
      "SELECT target FROM activity WHERE action IN ('member.removed', 'member.role_changed')",
    );
    expect(targets.rows.length).toBeGreaterThan(0);
    for (const r of targets.rows) expect(r.target).toMatch(/^(.+ \(\S+@\S+\)|\S+@\S+)$/);
    expect(targets.rows.some((r) => / \(\S+@\S+\)$/.test(r.target))).toBe(true);
  });
});

describe('cross-company isolation on team routes', () => {
  it('answers another company’s members exactly like missing ones (404, same body)', async () => {
    const a = await t.companyAdmin('a@alpha.test', 'Alpha');
    const b = await t.companyAdmin('b@beta.test', 'Beta');
    const inv = await b.agent.post('/api/team/invite').send({ email: 'x@beta.test' }).expect(200);
    const betaMembers = await b.agent.get('/api/team/members').expect(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const alphaView = await a.agent.get('/api/team/members').expect(200);
    expect(alphaView.body.map((m: { user: { email: string } }) => m.user.email)).toEqual(['a@alpha.test']);

    for (const target of [...betaMembers.body.map((m: { id: string }) => m.id), inv.body.id]) {
      const calls = [
        () => a.agent.delete(`/api/team/members/${target}`),
        () => a.agent.patch(`/api/team/members/${target}/role`).send({ role: 'COMPANY_ADMIN' }),
        () => a.agent.post(`/api/team/resend-invite/${target}`),
      ];
      const missingCalls = [
        () => a.agent.delete(`/api/team/members/${missing}`),
        () => a.agent.patch(`/api/team/members/${missing}/role`).send({ role: 'COMPANY_ADMIN' }),
        () => a.agent.post(`/api/team/resend-invite/${missing}`),
      ];
      for (let i = 0; i < calls.length; i++) {
        const foreign = await calls[i]!();
        const none = await missingCalls[i]!();
        expect(foreign.status).toBe(404);
        expect(foreign.body).toEqual(none.body);
      }
    }
    const after = await b.agent.get('/api/team/members').expect(200);
    expect(after.body).toHaveLength(betaMembers.body.length);
  });
});
